import { Typography } from '@mui/material';
import { DataTable, List, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { jobKindLabels } from '../../../reference/jobKinds';
import { stateName } from '../../../reference/locations';
import { formatDisplayDate } from '../../formatting/dates';
import { formatNaira } from '../../formatting/money';
import type { TatRecord } from './types';

const Column = DataTable.Col<TatRecord>;

/** The spec's '#' column: the row's position in the list. */
const RowNumber = () => {
  const record = useRecordContext<TatRecord>();
  const { data = [] } = useListContext<TatRecord>();
  return <>{data.findIndex((tat) => tat.id === record?.id) + 1}</>;
};

const Empty = () => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate('app.tat.empty')}
    </Typography>
  );
};

/**
 * The table of the Set Amount screen: every setting (`GET /setting/tat` answers them all, so
 * no paging), in the spec's columns. `onPick` gets the clicked row when the user may edit it.
 */
export const TatList = ({
  onPick,
  selectedId,
}: {
  onPick?: (tat: TatRecord) => void;
  selectedId?: string;
}) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.tat.${key}`, options);
  return (
    <List<TatRecord>
      resource="tats"
      title="app.tat.title"
      actions={false}
      pagination={false}
      perPage={1000}
      disableSyncWithLocation
      empty={<Empty />}
    >
      <DataTable<TatRecord>
        aria-label={t('title')}
        bulkActionButtons={false}
        empty={<Empty />}
        rowClick={
          onPick
            ? (_id, _resource, record) => {
                onPick(record);
                return false;
              }
            : false
        }
        rowSx={(tat) => (tat.id === selectedId ? { bgcolor: 'action.selected' } : {})}
      >
        <Column label="app.tat.columns.index" disableSort render={() => <RowNumber />} />
        <Column
          source="state"
          label="app.tat.columns.state"
          disableSort
          render={(tat) => stateName(tat.state)}
        />
        <Column
          source="amount"
          label="app.tat.columns.amount"
          disableSort
          render={(tat) => formatNaira(tat.amount)}
          sx={{ whiteSpace: 'nowrap' }}
        />
        <Column
          source="tatInHours"
          label="app.tat.columns.tat"
          disableSort
          render={(tat) => t('hours', { smart_count: tat.tatInHours })}
          sx={{ whiteSpace: 'nowrap' }}
        />
        <Column
          source="jobType"
          label="app.tat.columns.job_type"
          disableSort
          render={(tat) => jobKindLabels[tat.jobType]}
        />
        <Column
          source="audience"
          label="app.tat.columns.audience"
          disableSort
          render={(tat) => t(`audiences.${tat.audience}`)}
        />
        <Column
          source="createdAt"
          label="app.tat.columns.created"
          disableSort
          render={(tat) => formatDisplayDate(tat.createdAt)}
          sx={{ whiteSpace: 'nowrap' }}
        />
        <Column
          source="updatedAt"
          label="app.tat.columns.last_update"
          disableSort
          render={(tat) => (tat.updatedAt ? formatDisplayDate(tat.updatedAt) : t('date_not_set'))}
          sx={{ whiteSpace: 'nowrap' }}
        />
      </DataTable>
    </List>
  );
};
