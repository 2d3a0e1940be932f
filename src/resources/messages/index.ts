import MailIcon from '@mui/icons-material/Mail';
import { MessageCreate } from './MessageCreate';
import { MessageList } from './MessageList';
import { MessageShow } from './MessageShow';
import type { Message } from './types';

/** The `messages` resource's props: `<Resource name="messages" {...messages} />`. */
export default {
  list: MessageList,
  create: MessageCreate,
  show: MessageShow,
  icon: MailIcon,
  recordRepresentation: (m: Message) => m.subject,
};
