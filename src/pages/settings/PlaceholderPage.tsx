import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useBasename, useTranslate } from 'react-admin';

/** A settings page whose feature a later issue builds: its title, a line, the way back. */
export const PlaceholderPage = ({ title, body }: { title: string; body: string }) => {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h6" component="h1" gutterBottom>
          {translate(title)}
        </Typography>
        <Typography color="text.secondary">{translate(body)}</Typography>
      </CardContent>
      <CardActions>
        <Button component={Link} to={`${basename}/settings`} startIcon={<ArrowBackIcon />}>
          {translate('app.settings.title')}
        </Button>
      </CardActions>
    </Card>
  );
};
