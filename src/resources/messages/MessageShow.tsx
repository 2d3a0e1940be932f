import ReplyIcon from '@mui/icons-material/Reply';
import { Typography } from '@mui/material';
import {
  Button,
  FunctionField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCreatePath,
  useRecordContext,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDisplayDateTime } from '../../formatting/dates';
import { Correspondent } from './Correspondent';
import type { Message } from './types';
import { useRefreshUnread } from './useUnreadCount';

/** Answers the sender: the compose screen with them and the subject filled in. */
const ReplyButton = () => {
  const message = useRecordContext<Message>();
  const createPath = useCreatePath();
  if (!message || message.box !== 'inbox') return null;
  const subject = message.subject.startsWith('Re: ') ? message.subject : `Re: ${message.subject}`;
  const query = new URLSearchParams({ recipient_id: message.sender_id, subject });
  return (
    <Button
      component={Link}
      to={`${createPath({ resource: 'messages', type: 'create' })}?${query}`}
      label="app.messages.reply"
    >
      <ReplyIcon />
    </Button>
  );
};

/** "From" in the inbox, "To" in the sent box. */
const CorrespondentField = () => {
  const message = useRecordContext<Message>();
  if (!message) return null;
  return (
    <Labeled label={message.box === 'inbox' ? 'app.messages.from' : 'app.messages.to'}>
      <Correspondent message={message} />
    </Labeled>
  );
};

/** One message (`GET /messages/{id}`, which marks it read for its recipient). */
export const MessageShow = () => {
  const refreshUnread = useRefreshUnread();
  return (
    <Show<Message>
      // Reading it marked it read on the server: the badge and the lists catch up.
      queryOptions={{ onSuccess: () => void refreshUnread() }}
      actions={
        <TopToolbar>
          <ReplyButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <CorrespondentField />
        <FunctionField<Message>
          source="created_at"
          render={(m) => formatDisplayDateTime(m.created_at)}
        />
        <TextField source="subject" />
        <FunctionField<Message>
          source="body"
          render={(m) => (
            <Typography component="div" variant="body1" sx={{ whiteSpace: 'pre-wrap' }}>
              {m.body}
            </Typography>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
};
