import { Typography } from '@mui/material';
import {
  DataTable,
  List,
  Pagination,
  type RaRecord,
  SelectInput,
  SimpleList,
  useBasename,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { jobKindLabels, jobKinds } from '../../../reference/jobKinds';
import { stateName, states } from '../../../reference/locations';
import { formatNaira } from '../../formatting/money';
import { DateText } from '../../layout/DateText';
import { useIsPhone } from '../../layout/useIsPhone';
import { MissingStates } from './MissingStates';
import type { TatBody, TatRecord } from './types';

const Column = DataTable.Col<TatRecord>;

/** The list's page size: a screenful of the 37 states × 4 job types × 2 audiences. */
export const tatPageSize = 25;

/** The spec's '#' column: the row's position in the whole list, across pages. */
const RowNumber = () => {
  const record = useRecordContext<TatRecord>();
  const { data = [], page, perPage } = useListContext<TatRecord>();
  return <>{(page - 1) * perPage + data.findIndex((tat) => tat.id === record?.id) + 1}</>;
};

const Empty = () => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate('app.tat.empty')}
    </Typography>
  );
};

/** 'Date not set' (spec: Last Update without a date), else the compact date. */
const LastUpdate = ({ tat }: { tat: TatRecord }) => {
  const translate = useTranslate();
  return tat.updatedAt ? (
    <DateText value={tat.updatedAt} />
  ) : (
    <>{translate('app.tat.date_not_set')}</>
  );
};

const stateChoices = states.map((state) => ({ id: state.alias, name: state.name }));
const kindChoices = jobKinds.map((kind) => ({ id: kind, name: jobKindLabels[kind] }));
const audienceChoices = ['company', 'agent'].map((id) => ({ id, name: `app.tat.audiences.${id}` }));

/** State, job type and (for the provider's staff, who see both) audience: filtered by the server. */
const useTatFilters = () => {
  // The provider's staff see both audiences, company users their own (the server's rule).
  const seesAgentPrices = useBasename() === '/admin';
  const common = { alwaysOn: true, helperText: false } as const;
  return [
    <SelectInput
      {...common}
      key="state"
      source="state"
      label="app.tat.filters.state"
      emptyText="app.tat.filters.all_states"
      choices={stateChoices}
      translateChoice={false}
    />,
    <SelectInput
      {...common}
      key="jobType"
      source="jobType"
      label="app.tat.filters.job_type"
      emptyText="app.tat.filters.all_job_types"
      choices={kindChoices}
      translateChoice={false}
    />,
    ...(seesAgentPrices
      ? [
          <SelectInput
            {...common}
            key="audience"
            source="audience"
            label="app.tat.filters.audience"
            emptyText="app.tat.filters.all_audiences"
            choices={audienceChoices}
          />,
        ]
      : []),
  ];
};

/**
 * The table of the Set Amount screen: the settings filtered and paged by the server, in the
 * spec's columns (a simple list on phones), above it the states that still have no price.
 * `onPick` gets the clicked row when the user may edit it; `onPreset` a state to price.
 */
export const TatList = ({
  onPick,
  onPreset,
  selectedId,
}: {
  onPick?: (tat: TatRecord) => void;
  onPreset?: (preset: Pick<TatBody, 'state' | 'jobType' | 'audience'>) => void;
  selectedId?: string;
}) => {
  const translate = useTranslate();
  const isPhone = useIsPhone();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.tat.${key}`, options);
  const rowClick = onPick
    ? (_id: unknown, _resource: unknown, record: RaRecord) => {
        onPick(record as TatRecord);
        return false as const;
      }
    : false;
  return (
    <List<TatRecord>
      resource="tats"
      title="app.tat.title"
      actions={false}
      filters={useTatFilters()}
      perPage={tatPageSize}
      pagination={<Pagination rowsPerPageOptions={[]} />}
      disableSyncWithLocation
      storeKey={false}
      empty={false}
    >
      <MissingStates onPreset={onPreset} />
      {isPhone ? (
        <SimpleList<TatRecord>
          primaryText={(tat) => `${stateName(tat.state)} · ${jobKindLabels[tat.jobType]}`}
          secondaryText={(tat) =>
            `${formatNaira(tat.amount)} · ${t('hours', { smart_count: tat.tatInHours })} · ${t(
              `audiences.${tat.audience}`,
            )}`
          }
          tertiaryText={(tat) => <LastUpdate tat={tat} />}
          rowClick={rowClick}
          rowSx={(tat) => (tat.id === selectedId ? { bgcolor: 'action.selected' } : {})}
          empty={<Empty />}
        />
      ) : (
        <DataTable<TatRecord>
          aria-label={t('title')}
          bulkActionButtons={false}
          empty={<Empty />}
          rowClick={rowClick}
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
            render={(tat) => <DateText value={tat.createdAt} />}
          />
          <Column
            source="updatedAt"
            label="app.tat.columns.last_update"
            disableSort
            render={(tat) => <LastUpdate tat={tat} />}
            sx={{ whiteSpace: 'nowrap' }}
          />
        </DataTable>
      )}
    </List>
  );
};
