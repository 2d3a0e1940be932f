import EditIcon from '@mui/icons-material/Edit';
import { Button, CardActions } from '@mui/material';
import { Link } from 'react-router-dom';
import { CanAccess, useBasename, useTranslate } from 'react-admin';

/** The card's Edit Profile button, for those who may edit their profile. */
export const EditProfileActions = () => {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <CanAccess resource="settings" action="edit">
      <CardActions>
        <Button
          component={Link}
          to={`${basename}/settings/profile`}
          variant="contained"
          startIcon={<EditIcon />}
        >
          {translate('app.settings.edit_profile')}
        </Button>
      </CardActions>
    </CanAccess>
  );
};
