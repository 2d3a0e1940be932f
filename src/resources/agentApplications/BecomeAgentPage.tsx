import { useState } from 'react';
import { Alert, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import {
  FileField,
  FileInput,
  Form,
  required,
  SelectArrayInput,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { emailAddress } from '../../validation/emailAddress';
import { findState, states } from '../../../reference/locations';
import { useNotifyError } from '../../httpClient/useNotifyError';
import {
  agentApplicationPublicApi,
  type AgentApplicationInput,
  type ApplicationAnswer,
} from './dataProvider';
import { nin, photo } from '../../pages/public/agentValidators';
import { BankAccountInputs } from '../../pages/public/BankAccountInputs';
import { nigerianPhone } from '../../pages/public/nigerianPhone';
import { PublicLayout, TextLink } from '../../pages/public/PublicLayout';
import { SubmitButton } from '../../pages/public/SubmitButton';

const stateChoices = states.map((s) => ({ id: s.alias, name: s.name }));

/** The LGAs of the chosen state; empty until a state is chosen. */
const LgaInput = () => {
  const state = useWatch({ name: 'state' }) as string | undefined;
  const lgas = (state && findState(state)?.lgas) || [];
  return (
    <SelectArrayInput
      source="lgas"
      label="app.agents.apply.lgas"
      choices={lgas.map((l) => ({ id: l, name: l }))}
      disabled={!lgas.length}
      validate={required()}
    />
  );
};

interface FormValues extends Omit<AgentApplicationInput, 'photo'> {
  photo?: { rawFile: File };
}

/** /become-an-agent: the public field agent application (`POST /agent-applications`). */
export const BecomeAgentPage = () => {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [done, setDone] = useState<(ApplicationAnswer & { email: string }) | null>(null);
  const banks = useQuery({ queryKey: ['banks'], queryFn: agentApplicationPublicApi.banks });
  const apply = useMutation({
    mutationFn: (input: AgentApplicationInput) => agentApplicationPublicApi.apply(input),
    onSuccess: (answer, input) => setDone({ ...answer, email: input.email }),
    onError: notifyError,
  });

  if (done) {
    return (
      <PublicLayout title="app.agents.apply.done_title">
        <Alert severity="success">
          {translate('app.agents.apply.done_body', { code: done.code, email: done.email })}
        </Alert>
        <Stack sx={{ mt: 2 }}>
          <TextLink to="/login">{translate('app.auth.back_to_login')}</TextLink>
        </Stack>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title="app.agents.apply.title" wide>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.agents.apply.intro')}
      </Typography>
      <Form
        noValidate
        onSubmit={(values: Record<string, unknown>) => {
          const v = values as unknown as FormValues;
          apply.mutate({ ...v, photo: v.photo!.rawFile });
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          <TextInput source="first_name" label="app.auth.fields.first_name" validate={required()} />
          <TextInput source="last_name" label="app.auth.fields.last_name" validate={required()} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          <TextInput
            source="email"
            type="email"
            label="app.auth.fields.email"
            validate={[required(), emailAddress]}
          />
          <TextInput
            source="phone"
            type="tel"
            label="app.auth.fields.phone"
            validate={[required(), nigerianPhone]}
          />
        </Stack>
        <SelectInput
          source="state"
          label="app.agents.apply.state"
          choices={stateChoices}
          validate={required()}
        />
        <LgaInput />
        <TextInput
          source="nin"
          label="app.agents.apply.nin"
          inputMode="numeric"
          validate={[required(), nin]}
        />
        <BankAccountInputs
          choices={(banks.data ?? []).map((b) => ({ id: b.code, name: b.name }))}
          isPending={banks.isPending}
        />
        <FileInput
          source="photo"
          label="app.agents.apply.photo"
          inputProps={{ 'aria-label': translate('app.agents.apply.photo') }}
          accept={{ 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] }}
          placeholder={<p>{translate('app.agents.apply.choose_photo')}</p>}
          validate={[required(), photo]}
        >
          <FileField source="src" title="title" />
        </FileInput>
        <SubmitButton label="app.agents.apply.submit" loading={apply.isPending} />
      </Form>
    </PublicLayout>
  );
};

BecomeAgentPage.path = '/become-an-agent';
