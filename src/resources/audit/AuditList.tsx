import { Chip, Typography } from '@mui/material';
import { CanAccess, DataTable, List, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import { DateText } from '../../layout/DateText';
import { useIsPhone } from '../../layout/useIsPhone';
import { ServerExportButton } from '../../layout/ServerExportButton';
import { auditFilters } from './AuditFilters';
import type { AuditEntry } from './types';

const Column = DataTable.Col<AuditEntry>;

/** The status the request was answered with: green when done, red when refused. */
const Outcome = ({ entry }: { entry: AuditEntry }) => (
  <Chip
    size="small"
    variant="outlined"
    color={entry.outcome < 300 ? 'success' : entry.outcome < 500 ? 'warning' : 'error'}
    label={entry.outcome}
  />
);

const Actor = ({ entry }: { entry: AuditEntry }) => {
  const translate = useTranslate();
  if (!entry.actor_id) return <>{translate('app.audit.nobody')}</>;
  if (!entry.actor_name) return <>{translate('app.audit.gone', { id: entry.actor_id })}</>;
  return (
    <>
      {entry.actor_name}
      <Typography component="div" variant="caption" color="text.secondary">
        {entry.actor_email}
      </Typography>
    </>
  );
};

const target = (e: AuditEntry) => (e.target_id ? `${e.target_type ?? ''} ${e.target_id}` : '');
const detailText = (e: AuditEntry) =>
  Object.keys(e.detail).length ? JSON.stringify(e.detail) : '';

const ListActions = () => (
  <TopToolbar>
    <CanAccess resource="audit" action="export">
      <ServerExportButton />
    </CanAccess>
  </TopToolbar>
);

/**
 * Audit log: who did what, for which company, on what, when and from where, newest first
 * (`GET /audit`: every company's for the provider's heads, its own for a company's owner).
 */
export const AuditList = () => {
  const isPhone = useIsPhone();
  return (
    <List<AuditEntry>
      resource="audit"
      title="app.audit.title"
      filters={auditFilters}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={50}
      actions={<ListActions />}
      empty={false}
    >
      {isPhone ? (
        <SimpleList<AuditEntry>
          primaryText={(e) => `${e.action} · ${e.outcome}`}
          secondaryText={(e) => e.actor_name ?? e.actor_email ?? e.actor_id ?? ''}
          tertiaryText={(e) => <DateText value={e.at} variant="relative" />}
          rowClick={false}
        />
      ) : (
        <DataTable<AuditEntry> rowClick={false} bulkActionButtons={false}>
          <Column source="at" render={(e) => <DateText value={e.at} variant="relative" />} />
          <Column source="action" />
          <Column source="outcome" disableSort render={(e) => <Outcome entry={e} />} />
          <Column source="actor_name" disableSort render={(e) => <Actor entry={e} />} />
          <Column source="company_name" disableSort />
          <Column source="target" disableSort render={target} />
          <Column source="ip" disableSort />
          <Column
            source="detail"
            disableSort
            render={(e) => (
              <Typography
                variant="caption"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
              >
                {detailText(e)}
              </Typography>
            )}
          />
        </DataTable>
      )}
    </List>
  );
};
