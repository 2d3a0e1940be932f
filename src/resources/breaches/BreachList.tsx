import { Chip } from '@mui/material';
import {
  CreateButton,
  DataTable,
  List,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { DateText } from '../../layout/DateText';
import { useIsPhone } from '../../layout/useIsPhone';
import { NdpcDeadlineField } from './NdpcDeadlineField';
import { breachStatusChoices } from './BreachForm';
import type { Breach } from './types';

const Column = DataTable.Col<Breach>;

const filters = [
  <SelectInput key="status" source="status" choices={breachStatusChoices} alwaysOn />,
];

const StatusChip = ({ breach }: { breach: Breach }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={breach.status === 'open' ? 'warning' : 'default'}
      label={translate(`app.breaches.status.${breach.status}`)}
    />
  );
};

const shortDescription = (b: Breach) =>
  b.description.length > 80 ? `${b.description.slice(0, 80)}…` : b.description;

/**
 * Admin → Data breaches: the register, last found first, each open entry with its deadline; a
 * list of cards on a phone.
 */
export const BreachList = () => {
  const isPhone = useIsPhone();
  return (
    <List<Breach>
      resource="breaches"
      title="app.breaches.title"
      sort={{ field: 'found_at', order: 'DESC' }}
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton label="app.breaches.create" />
        </TopToolbar>
      }
    >
      {isPhone ? (
        <SimpleList<Breach>
          primaryText={shortDescription}
          secondaryText={(b) => <NdpcDeadlineField breach={b} />}
          tertiaryText={(b) => <DateText value={b.found_at} variant="datetime" />}
          rowClick="edit"
        />
      ) : (
        <DataTable<Breach> rowClick="edit" bulkActionButtons={false}>
          <Column
            source="found_at"
            render={(b) => <DateText value={b.found_at} variant="datetime" />}
          />
          <Column source="description" disableSort render={shortDescription} />
          <Column source="people_affected" disableSort render={(b) => b.people_affected ?? '—'} />
          <Column source="status" render={(b) => <StatusChip breach={b} />} />
          <Column
            source="ndpc_deadline"
            disableSort
            render={(b) => <NdpcDeadlineField breach={b} />}
          />
        </DataTable>
      )}
    </List>
  );
};
