import { Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import {
  ArrayField,
  CanAccess,
  DataTable,
  Loading,
  RecordContextProvider,
  ResourceContextProvider,
  ShowBase,
  SimpleList,
  Title,
  useShowContext,
  useTranslate,
} from 'react-admin';
import { jobKindLabels } from '../../../reference/jobKinds';
import { stateName } from '../../../reference/locations';
import { formatDisplayDate } from '../../formatting/dates';
import { CodeText } from '../../layout/CodeField';
import { DateText } from '../../layout/DateText';
import { useIsPhone } from '../../layout/useIsPhone';
import { checkedByRoute, ownErrorDisplay } from '../../layout/showQueryOptions';
import { Details, Section } from '../jobs/Details';
import { JobStatusChip } from '../jobs/JobStatusChip';
import { useJobPaths } from '../jobs/paths';
import { jobStatuses, type Job } from '../jobs/types';
import { WalletFigures } from '../transactions/WalletFigures';
import { CompanySuspendButton } from './CompanySuspendButton';
import { PartnerSwitch } from './PartnerSwitch';
import type { CompanyDetails } from './types';
import { roleLabelKey } from '../users/roleLabel';

type CompanyUser = CompanyDetails['users'][number];
const UserCol = DataTable.Col<CompanyUser>;
const JobCol = DataTable.Col<Job>;

const JobCounts = ({ company }: { company: CompanyDetails }) => {
  const translate = useTranslate();
  const { owned, assigned } = company.job_counts;
  return (
    <Table size="small" aria-label={translate('app.companies.job_counts')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('resources.jobs.fields.status')}</TableCell>
          <TableCell align="right">{translate('app.companies.owned')}</TableCell>
          <TableCell align="right">{translate('app.companies.assigned_to_it')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {[...jobStatuses, 'total' as const].map((s) => (
          <TableRow key={s}>
            <TableCell>
              {s === 'total' ? translate('app.companies.total') : <JobStatusChip status={s} />}
            </TableCell>
            <TableCell align="right">{owned[s]}</TableCell>
            <TableCell align="right">{assigned[s]}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** The company's page, from the record `<ShowBase>` read. */
const CompanyInformation = () => {
  const translate = useTranslate();
  const jobPaths = useJobPaths();
  const isPhone = useIsPhone();
  const { record: company, isPending, error } = useShowContext<CompanyDetails>();
  if (isPending) return <Loading />;
  if (error || !company) return null;
  const t = (key: string) => translate(`app.companies.${key}`);
  const f = (key: string) => translate(`resources.companies.fields.${key}`);
  const owner = company.owner;
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2 }}>
      <Title title={company.name ?? company.code ?? t('show_title')} />
      <Section title={t('profile')}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}
        >
          {company.is_partner ? <Chip color="primary" label={t('partner')} /> : null}
          {company.status === 'suspended' ? <Chip color="error" label={t('suspended')} /> : null}
          <PartnerSwitch company={company} />
          <CompanySuspendButton company={company} />
        </Stack>
        <Details
          items={[
            [f('name'), company.name ?? '—'],
            [f('code'), company.code ?? '—'],
            [f('state'), company.state ? stateName(company.state) : t('not_set')],
            [f('address'), company.address ?? t('not_set')],
            [f('owner'), owner ? `${owner.first_name} ${owner.last_name}` : '—'],
            [f('email'), owner?.email ?? '—'],
            [f('phone'), owner?.phone ?? '—'],
            [f('created_at'), formatDisplayDate(company.created_at)],
            [
              f('status'),
              company.suspended_at
                ? `${t('suspended')} (${formatDisplayDate(company.suspended_at)})`
                : t('active'),
            ],
          ]}
        />
      </Section>
      <CanAccess resource="wallet" action="show">
        <Section title={translate('app.money.figures.title')}>
          <WalletFigures owner={{ company_id: company.id }} />
        </Section>
      </CanAccess>
      <Section title={t('job_counts')}>
        <JobCounts company={company} />
      </Section>
      <RecordContextProvider value={company}>
        <ResourceContextProvider value="companies">
          <Section title={t('users')}>
            <ArrayField source="users">
              {isPhone ? (
                <SimpleList<CompanyUser>
                  primaryText={(u) => u.full_name}
                  secondaryText={(u) => u.email}
                  tertiaryText={(u) => (u.status === 1 ? t('active') : t('unactive'))}
                  rowClick={false}
                />
              ) : (
                <DataTable<CompanyUser> bulkActionButtons={false} rowClick={false}>
                  <UserCol source="unique_code" label={f('code')} />
                  <UserCol source="full_name" label={f('owner_name')} />
                  <UserCol source="email" label={f('email')} />
                  <UserCol
                    source="role"
                    label={t('role')}
                    render={(u) => translate(roleLabelKey(u.role, company.id))}
                  />
                  <UserCol
                    source="status"
                    label={t('status')}
                    render={(u) => (u.status === 1 ? t('active') : t('unactive'))}
                  />
                </DataTable>
              )}
            </ArrayField>
          </Section>
        </ResourceContextProvider>
        <ResourceContextProvider value="jobs">
          <Section title={t('recent_jobs')}>
            <ArrayField source="recent_jobs">
              {isPhone ? (
                <SimpleList<Job>
                  primaryText={(j) => (
                    <>
                      <CodeText>{j.code}</CodeText> · {j.subject_name}
                    </>
                  )}
                  secondaryText={(j) => jobKindLabels[j.type]}
                  tertiaryText={(j) => <JobStatusChip status={j.status} />}
                  rowClick={(jobId) => jobPaths.profile(String(jobId))}
                />
              ) : (
                <DataTable<Job>
                  bulkActionButtons={false}
                  rowClick={(jobId) => jobPaths.profile(String(jobId))}
                >
                  <JobCol
                    source="code"
                    label="resources.jobs.fields.code"
                    render={(j) => <CodeText>{j.code}</CodeText>}
                  />
                  <JobCol
                    source="type"
                    label="resources.jobs.fields.type"
                    render={(j) => jobKindLabels[j.type]}
                  />
                  <JobCol source="subject_name" label="resources.jobs.fields.subject_name" />
                  <JobCol
                    source="status"
                    label="resources.jobs.fields.status"
                    render={(j) => <JobStatusChip status={j.status} />}
                  />
                  <JobCol
                    source="created_at"
                    label="resources.jobs.fields.created_at"
                    render={(j) => <DateText value={j.created_at} />}
                  />
                </DataTable>
              )}
            </ArrayField>
          </Section>
        </ResourceContextProvider>
      </RecordContextProvider>
    </Stack>
  );
};

/**
 * Company information (`users/companies/{id}`, `GET /user/company-details/{id}`): profile with its
 * state, address, owner's contact and status, the partner switch and suspension (admins), balance and earnings (money
 * viewers), job counts, users, recent jobs.
 */
export const CompanyShow = () => (
  <ShowBase<CompanyDetails>
    {...checkedByRoute}
    resource="companies"
    queryOptions={{ meta: { view: 'details' }, ...ownErrorDisplay }}
  >
    <CompanyInformation />
  </ShowBase>
);
