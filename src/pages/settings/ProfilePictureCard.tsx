import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Account } from '../../authProvider/session';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { UserAvatar } from '../../resources/users/UserAvatar';

/** The profile picture: the current one, and a file chooser that uploads the new one at once. */
export const ProfilePictureCard = ({
  account,
  onSaved,
}: {
  account: Account;
  onSaved: (account: Account) => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const { mutate, isPending } = useMutation({
    mutationFn: (file: File) => dataProvider.uploadProfilePicture(file),
    onSuccess: onSaved,
    onError: notifyError,
  });
  return (
    <Card>
      <CardHeader title={translate('app.profile.picture')} />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <UserAvatar user={account} size={72} />
          <Button
            component="label"
            variant="outlined"
            startIcon={<PhotoCameraIcon />}
            disabled={isPending}
          >
            {translate('app.profile.choose_picture')}
            <input
              hidden
              type="file"
              accept="image/jpeg,image/png"
              aria-label={translate('app.profile.choose_picture')}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) mutate(file);
              }}
            />
          </Button>
          <Typography variant="body2" color="text.secondary">
            {translate('app.profile.picture_hint')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
};
