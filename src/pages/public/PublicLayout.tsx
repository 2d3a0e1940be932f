import type { ReactNode } from 'react';
import { Box, Card, CardContent, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** A link to another page of the app, styled as text. */
export const TextLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <MuiLink component={Link} to={to}>
    {children}
  </MuiLink>
);

/** The frame of the public pages: the product's name, one card, the privacy policy link. */
export const PublicLayout = ({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: { xs: 1.5, sm: 2 },
        py: { xs: 3, sm: 6 },
        bgcolor: 'background.default',
      }}
    >
      <Typography variant="h6" component="p" color="primary" sx={{ mb: 2, fontWeight: 600 }}>
        {translate('app.name')}
      </Typography>
      <Card sx={{ width: '100%', maxWidth: wide ? 760 : 440 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate(title)}
          </Typography>
          {children}
        </CardContent>
      </Card>
      <Box component="footer" sx={{ mt: 3 }}>
        <TextLink to="/privacy-policy">{translate('app.auth.privacy_policy')}</TextLink>
      </Box>
    </Box>
  );
};
