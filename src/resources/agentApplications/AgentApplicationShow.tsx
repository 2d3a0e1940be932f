import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import {
  CanAccess,
  Loading,
  ShowBase,
  Title,
  useDataProvider,
  useNotify,
  useRefresh,
  useShowContext,
  useTranslate,
} from 'react-admin';
import type { AgentApplication } from '../../../server/schemas/agentApplications';
import type { AppDataProvider } from '../../dataProvider';
import { formatDisplayDate } from '../../formatting/dates';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { Details } from '../../layout/Details';
import { checkedByRoute, ownErrorDisplay } from '../../layout/showQueryOptions';
import { AgentPhoto } from '../agents/AgentPhoto';
import { ApplicationStatusChip } from './ApplicationStatusChip';
import { DuplicateWarning } from './DuplicateWarning';

/** The application's page, from the record `<ShowBase>` read. */
const ApplicationReview = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { record: a, isPending } = useShowContext<AgentApplication>();
  const decide = useMutation({
    mutationFn: (action: 'approve' | 'reject') =>
      dataProvider.decideAgentApplication(action, String(a?.id)),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      // The pending list and this record are read again (spec §7: approving refreshes the list).
      refresh();
    },
    onError: notifyError,
  });
  if (isPending || !a) return <Loading />;
  const t = (field: string) => translate(`resources.agent-applications.fields.${field}`);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`${translate('app.agents.application_title')} ${a.code}`} />
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: 'flex-start' }}
        >
          <AgentPhoto url={a.photo_url} name={a.full_name} />
          <Stack spacing={2} sx={{ flex: 1 }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography variant="h5" component="h2">
                {a.full_name}
              </Typography>
              <ApplicationStatusChip status={a.status} />
            </Stack>
            {a.status === 'pending' ? <DuplicateWarning duplicates={a.duplicates} /> : null}
            <Details
              items={[
                [t('code'), a.code],
                [t('email'), a.email],
                [t('phone'), a.phone],
                [t('state'), a.state_name],
                [t('lgas'), a.lgas.join(', ')],
                [t('nin'), a.nin],
                [t('bank_name'), a.bank_name],
                [t('account_number'), a.account_number],
                [t('account_name'), a.account_name],
                [t('created_at'), formatDisplayDate(a.created_at)],
                ...(a.decided_at
                  ? ([[t('decided_at'), formatDisplayDate(a.decided_at)]] as [string, string][])
                  : []),
              ]}
            />
            {a.status === 'pending' ? (
              <CanAccess resource="agent-applications" action="decide">
                <Stack direction="row" spacing={2}>
                  <Button
                    variant="contained"
                    color="success"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate('approve')}
                  >
                    {translate('app.agents.approve')}
                  </Button>
                  <Button
                    variant="outlined"
                    color="error"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate('reject')}
                  >
                    {translate('app.agents.reject')}
                  </Button>
                </Stack>
              </CanAccess>
            ) : null}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
};

/**
 * users/agents/application/:id: the application, and Approve / Reject while it is pending
 * (`decideAgentApplication`, a custom dataProvider method: its answer's message is the toast).
 */
export const AgentApplicationShow = () => (
  <ShowBase<AgentApplication>
    {...checkedByRoute}
    resource="agent-applications"
    queryOptions={ownErrorDisplay}
  >
    <ApplicationReview />
  </ShowBase>
);
