import { useState } from 'react';
import {
  CheckboxGroupInput,
  Create,
  required,
  SimpleForm,
  TextInput,
  useRedirect,
} from 'react-admin';
import { webhookEventTypes } from '../../../reference/webhookEvents';
import { SecretDialog } from './SecretDialog';
import type { CreatedWebhook } from './types';

const eventChoices = webhookEventTypes.map((id) => ({ id, name: id }));

/** A new endpoint: its URL and events; the secret the server answers is shown once. */
export const WebhookCreate = () => {
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const redirect = useRedirect();
  return (
    <>
      <Create
        resource="webhooks"
        title="app.webhooks.add"
        redirect={false}
        mutationOptions={{ onSuccess: (data: CreatedWebhook) => setCreated(data) }}
      >
        <SimpleForm defaultValues={{ events: ['job.created'] }}>
          <TextInput
            source="url"
            validate={required()}
            fullWidth
            helperText="app.webhooks.url_help"
          />
          <CheckboxGroupInput
            source="events"
            choices={eventChoices}
            validate={required()}
            row={false}
          />
        </SimpleForm>
      </Create>
      <SecretDialog
        secret={created?.secret ?? null}
        onClose={() => {
          const id = created?.id;
          setCreated(null);
          if (id) redirect('show', 'webhooks', id);
        }}
      />
    </>
  );
};
