import SendIcon from '@mui/icons-material/Send';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  AutocompleteInput,
  Create,
  RadioButtonGroupInput,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useCanAccess,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { messageLimits } from '../../../reference/messageLimits';
import type { Audience, Recipient } from './types';

type To = 'one' | Audience;

interface ComposeValues {
  to: To;
  recipient_id?: string;
  subject: string;
  body: string;
}

/** "Ada Okafor · Lagos Credit Ltd", or "Ada Okafor (provider staff)". */
const useRecipientLabel = () => {
  const translate = useTranslate();
  return (r: Recipient) =>
    r.staff
      ? `${r.full_name} (${translate('app.messages.provider_staff')})`
      : r.company_name
        ? `${r.full_name} · ${r.company_name}`
        : `${r.full_name} (${translate(`app.roles.${r.role}`)})`;
};

/** The searchable list of the users this user may write to (`GET /message-recipients`). */
const RecipientInput = () => {
  const to = useWatch<ComposeValues, 'to'>({ name: 'to' });
  const label = useRecipientLabel();
  if (to !== 'one') return null;
  return (
    <ReferenceInput
      source="recipient_id"
      reference="message-recipients"
      sort={{ field: 'full_name', order: 'ASC' }}
      perPage={20}
    >
      <AutocompleteInput
        label="app.messages.recipient"
        optionText={label}
        validate={required()}
        fullWidth
      />
    </ReferenceInput>
  );
};

/** The form's one button sends the message. */
const SendToolbar = () => (
  <Toolbar>
    <SaveButton label="app.messages.send" icon={<SendIcon />} />
  </Toolbar>
);

/** The body the API takes: one recipient, or an audience. */
const toRequest = ({ to, recipient_id, subject, body }: ComposeValues) =>
  to === 'one' ? { recipient_id, subject, body } : { audience: to, subject, body };

/**
 * `messages/create`: to one user picked from a searchable list (prefilled from `?recipient_id=`
 * and `?subject=`), or, for staff with the Support label, to all companies or all agents.
 */
export const MessageCreate = () => {
  const [params] = useSearchParams();
  const notify = useNotify();
  const redirect = useRedirect();
  const { canAccess: mayBroadcast } = useCanAccess({ resource: 'messages', action: 'broadcast' });
  const defaultValues = useMemo<Partial<ComposeValues>>(
    () => ({
      to: 'one',
      recipient_id: params.get('recipient_id') ?? undefined,
      subject: params.get('subject') ?? '',
    }),
    [params],
  );
  return (
    <Create<ComposeValues>
      resource="messages"
      title="app.messages.compose"
      transform={toRequest}
      mutationOptions={{
        onSuccess: () => {
          notify('app.messages.sent_toast', { type: 'success' });
          redirect('list', 'messages');
        },
      }}
    >
      <SimpleForm defaultValues={defaultValues} toolbar={<SendToolbar />}>
        {mayBroadcast ? (
          <RadioButtonGroupInput
            source="to"
            label="app.messages.to"
            choices={[
              { id: 'one', name: 'app.messages.to_one' },
              { id: 'companies', name: 'app.messages.audience.companies' },
              { id: 'agents', name: 'app.messages.audience.agents' },
            ]}
          />
        ) : null}
        <RecipientInput />
        <TextInput
          source="subject"
          validate={[required(), maxLength(messageLimits.subject)]}
          fullWidth
        />
        <TextInput
          source="body"
          validate={[required(), maxLength(messageLimits.body)]}
          multiline
          minRows={6}
          fullWidth
        />
      </SimpleForm>
    </Create>
  );
};
