import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import { heldLabels } from '../../../reference/permissions';
import { fullName } from '../../authProvider/session';
import { useAccount } from '../../authProvider/useAccount';
import { Details } from '../../layout/Details';
import { EditProfileActions } from './EditProfileActions';
import { UserAvatar } from '../../resources/users/UserAvatar';
import { roleLabelKey } from '../../resources/users/roleLabel';

/**
 * profile (spec §2, both areas): the signed-in account as the spec's logged-in account holds it
 * (name, user code, email, phone, company name when present), its role and the permission
 * labels it holds, with the way to Edit Profile for those who may.
 */
export const AccountProfilePage = () => {
  const account = useAccount();
  const translate = useTranslate();
  if (!account) return <Loading />;
  const t = (key: string) => translate(`app.profile.${key}`);
  const details: Array<[string, string | null | undefined]> = [
    [translate('app.settings.full_name'), fullName(account)],
    [translate('app.settings.user_code'), account.uniqueCode],
    [translate('app.settings.email'), account.email],
    [translate('app.settings.phone'), account.phone],
    [translate('app.settings.company_name'), account.company_name],
    [t('role'), translate(roleLabelKey(account.role, account.company_id))],
  ];
  const labels = heldLabels(account);
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="app.profile.title" />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <UserAvatar user={account} />
          <Typography variant="h6" component="h2">
            {fullName(account)}
          </Typography>
        </Stack>
        <Details items={details.filter((d): d is [string, string] => !!d[1])} />
        <Typography variant="subtitle2" component="h2" sx={{ mt: 2, mb: 1 }}>
          {t('permissions')}
        </Typography>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {labels.length ? (
            labels.map((label) => <Chip key={label} label={label} size="small" />)
          ) : (
            <Typography color="text.secondary">{t('no_permissions')}</Typography>
          )}
        </Stack>
      </CardContent>
      <EditProfileActions />
    </Card>
  );
};

AccountProfilePage.path = '/profile';
