import MailIcon from '@mui/icons-material/Mail';
import { Badge } from '@mui/material';
import { Menu, useBasename, useTranslate } from 'react-admin';
import { useUnreadCount } from './useUnreadCount';

/** The menu's Messages entry, with the number of unread messages on its icon. */
export const MessagesMenuItem = () => {
  const basename = useBasename();
  const translate = useTranslate();
  const unread = useUnreadCount();
  return (
    <Menu.Item
      to={`${basename}/messages`}
      primaryText="app.menu.messages"
      leftIcon={
        <Badge
          badgeContent={unread}
          color="error"
          max={99}
          aria-label={
            unread ? translate('app.messages.unread', { smart_count: unread }) : undefined
          }
        >
          <MailIcon />
        </Badge>
      }
    />
  );
};
