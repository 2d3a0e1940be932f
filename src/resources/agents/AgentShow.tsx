import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  CanAccess,
  Confirm,
  Loading,
  ShowBase,
  Title,
  useBasename,
  useNotify,
  useRefresh,
  useShowContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { jobKindLabels, type JobKind } from '../../../reference/jobKinds';
import type { Agent, AgentDetail } from '../../../server/schemas/agents';
import { formatCompactDate, formatDisplayDate } from '../../formatting/dates';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { Details } from '../../layout/Details';
import { checkedByRoute, ownErrorDisplay } from '../../layout/showQueryOptions';
import { JobStatusChip } from '../jobs/JobStatusChip';
import { WalletFigures } from '../transactions/WalletFigures';
import type { JobStatus } from '../jobs/types';
import { AgentPhoto } from './AgentPhoto';
import { AgentStatusChip } from './AgentStatusChip';
import { AverageRating } from './AverageRating';

type AgentRecord = Agent & Partial<AgentDetail>;

/** The agent's page, from the record `<ShowBase>` read. */
const AgentProfile = () => {
  const translate = useTranslate();
  const basename = useBasename();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  // Deactivating hands the agent's open jobs back: asked first, as it cannot be undone.
  const [confirming, setConfirming] = useState(false);
  // Until the detail arrives, react-admin shows the list's record: it has no counts or jobs yet.
  const { record: a, isPending } = useShowContext<AgentRecord>();
  const [update, { isPending: saving }] = useUpdate<AgentRecord>();
  const setStatus = (status: 0 | 1) => {
    if (!a) return;
    void update(
      'agents',
      { id: a.id, data: { status }, previousData: a },
      {
        onSuccess: (agent) => {
          setConfirming(false);
          notify(agent.status === 1 ? 'app.agents.activated' : 'app.agents.deactivated', {
            type: 'success',
          });
          refresh();
        },
        onError: notifyError,
      },
    );
  };
  if (isPending || !a) return <Loading />;
  const t = (field: string) => translate(`resources.agents.fields.${field}`);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={`${translate('app.agents.agent_title')} ${a.code}`} />
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
              <AgentStatusChip status={a.status} />
              <AverageRating value={a.average_rating} />
            </Stack>
            <Details
              items={[
                [t('code'), a.code],
                [t('email'), a.email],
                [t('phone'), a.phone ?? '—'],
                [t('state'), a.state_name ?? '—'],
                [t('lgas'), a.lgas.join(', ') || '—'],
                [t('nin'), a.nin ?? '—'],
                [t('bank_name'), a.bank_name ?? '—'],
                [t('account_number'), a.account_number ?? '—'],
                [t('account_name'), a.account_name ?? '—'],
                [t('jobs_total'), String(a.jobs_total)],
                [
                  t('average_rating'),
                  <AverageRating key="rating" value={a.average_rating} stars={false} />,
                ],
                [t('created_at'), formatDisplayDate(a.created_at)],
              ]}
            />
            <CanAccess resource="wallet" action="show">
              <Typography variant="h6" component="h2">
                {translate('app.money.figures.title')}
              </Typography>
              <WalletFigures owner={{ agent_id: a.id }} />
            </CanAccess>
            <CanAccess resource="agents" action="edit">
              <Button
                sx={{ alignSelf: 'flex-start' }}
                variant="outlined"
                color={a.status === 1 ? 'error' : 'success'}
                disabled={saving}
                onClick={() => (a.status === 1 ? setConfirming(true) : setStatus(1))}
              >
                {translate(a.status === 1 ? 'app.agents.deactivate' : 'app.agents.activate')}
              </Button>
              <Confirm
                isOpen={confirming}
                loading={saving}
                title="app.agents.deactivate_title"
                titleTranslateOptions={{ name: a.full_name }}
                content="app.agents.deactivate_content"
                confirm="app.agents.deactivate"
                onConfirm={() => setStatus(0)}
                onClose={() => setConfirming(false)}
              />
            </CanAccess>
            <Typography variant="h6" component="h2">
              {translate('app.agents.recent_jobs')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {Object.entries(a.job_counts ?? {})
                .filter(([, n]) => n > 0)
                .map(([status, n]) => (
                  <Stack key={status} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <JobStatusChip status={status as JobStatus} />
                    <Typography variant="body2">{n}</Typography>
                  </Stack>
                ))}
            </Stack>
            {a.recent_jobs?.length ? (
              <Stack component="ul" sx={{ pl: 2, m: 0 }}>
                {a.recent_jobs.map((j) => (
                  <li key={j.id}>
                    <Link to={`${basename}/jobs/profile/${j.id}`}>{j.code}</Link>
                    {` · ${jobKindLabels[j.type as JobKind] ?? j.type} · ${translate(`app.jobs.status.${j.status}`)} · ${formatCompactDate(j.created_at)}`}
                  </li>
                ))}
              </Stack>
            ) : (
              <Typography color="text.secondary">{translate('app.agents.no_jobs')}</Typography>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
};

/**
 * users/agents/:id: profile, coverage, balance and earnings (money viewers), job counts, rating,
 * recent jobs; deactivate/activate.
 */
export const AgentShow = () => (
  <ShowBase<AgentRecord> {...checkedByRoute} resource="agents" queryOptions={ownErrorDisplay}>
    <AgentProfile />
  </ShowBase>
);
