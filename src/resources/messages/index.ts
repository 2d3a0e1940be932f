import MailIcon from '@mui/icons-material/Mail';
import { guardedViews } from '../../layout/Guarded';
import { MessageCreate } from './MessageCreate';
import { MessageList } from './MessageList';
import { MessageShow } from './MessageShow';
import type { Message } from './types';

/** The `messages` resource's props: `<Resource name="messages" {...messages} />`. */
export default {
  ...guardedViews('messages', { list: MessageList, create: MessageCreate, show: MessageShow }),
  icon: MailIcon,
  recordRepresentation: (m: Message) => m.subject,
};
