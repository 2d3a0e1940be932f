import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PublicLayout, TextLink } from './PublicLayout';

/** Any address that is neither a public page nor an area. */
export const NotFoundPage = () => {
  const translate = useTranslate();
  return (
    <PublicLayout title="app.not_found.title">
      <Stack spacing={2}>
        <Typography>{translate('app.not_found.body')}</Typography>
        <TextLink to="/login">{translate('app.auth.go_to_login')}</TextLink>
      </Stack>
    </PublicLayout>
  );
};
