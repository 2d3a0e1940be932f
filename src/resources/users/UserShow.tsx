import MailIcon from '@mui/icons-material/Mail';
import { Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Loading, ShowBase, Title, useCanAccess, useShowContext, useTranslate } from 'react-admin';
import { mayManage } from '../../../reference/permissions';
import { useAccount } from '../../authProvider/useAccount';
import { useGoBack } from '../jobs/useGoBack';
import { formatDisplayDate, formatDisplayDateTime } from '../../formatting/dates';
import { Details } from '../../layout/Details';
import { checkedByRoute, ownErrorDisplay } from '../../layout/showQueryOptions';
import { useUserPaths } from './paths';
import { UserAvatar } from './UserAvatar';
import { UserEditTabs } from './UserEditTabs';
import { UserStatusButton } from './UserStatusButton';
import { UserStatusChip } from './UserStatusChip';
import type { User } from './types';

/** The user's page, from the record `<ShowBase>` read. */
const UserProfile = () => {
  const translate = useTranslate();
  const paths = useUserPaths();
  const account = useAccount();
  const goBack = useGoBack(paths.list);
  const { record: user, isPending, refetch } = useShowContext<User>();
  const disabling = useCanAccess({ resource: 'users', action: 'disable' });
  if (isPending || disabling.isPending || !user || !account) return <Loading />;
  const manageable = mayManage(account, user);
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('app.users.profile_title', { name: user.full_name })} />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <UserAvatar user={user} />
            <Typography variant="h6" component="h2">
              {user.full_name}
            </Typography>
          </Stack>
          <Details
            items={[
              [translate('resources.users.fields.uniqueCode'), user.uniqueCode],
              [translate('resources.users.fields.full_name'), user.full_name],
              [translate('resources.users.fields.email'), user.email],
              [translate('resources.users.fields.phone'), user.phone ?? ''],
              [
                translate('resources.users.fields.created_date'),
                formatDisplayDate(user.created_date),
              ],
              [
                translate('resources.users.fields.last_seen'),
                user.last_seen
                  ? formatDisplayDateTime(user.last_seen)
                  : translate('app.users.never_seen'),
              ],
              [translate('resources.users.fields.status'), <UserStatusChip key="s" user={user} />],
            ]}
          />
        </CardContent>
        <CardActions>
          {manageable && disabling.canAccess ? (
            <UserStatusButton
              user={user}
              onDone={() => {
                void refetch();
                goBack();
              }}
            />
          ) : null}
          <Button component={Link} to={paths.message(user.id)} startIcon={<MailIcon />}>
            {translate('app.users.message')}
          </Button>
        </CardActions>
      </Card>
      <Card>
        <UserEditTabs user={user} editable={manageable} />
      </Card>
    </Stack>
  );
};

/**
 * users/profile/{id} (spec §2 "Admin user view"): user code, name, email, phone, created
 * date, last seen, status; DISABLE/ACTIVATE, Message, and the two editing tabs. Changing the
 * user is offered only when the server would allow it: never one's own account, and for staff
 * only people holding nothing they lack (`mayManage`). DISABLE/ACTIVATE reloads the user and
 * returns to the previous page (spec "Navigation after actions").
 */
export const UserShow = () => (
  <ShowBase<User> {...checkedByRoute} resource="users" queryOptions={ownErrorDisplay}>
    <UserProfile />
  </ShowBase>
);
