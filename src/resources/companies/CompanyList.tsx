import {
  BooleanField,
  DataTable,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  useTranslate,
} from 'react-admin';
import { CodeText } from '../../layout/CodeField';
import { DateText } from '../../layout/DateText';
import { useIsPhone } from '../../layout/useIsPhone';
import { stateName } from '../../../reference/locations';
import { useCompanyPaths } from './paths';
import type { Company } from './types';

const CompanySearchInput = (props: { source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={translate('resources.companies.fields.q')} />;
};

const partnerChoices = [
  { id: 'true', name: 'app.companies.partners_only' },
  { id: 'false', name: 'app.companies.clients_only' },
];

const statusChoices = [
  { id: 'active', name: 'app.companies.active' },
  { id: 'suspended', name: 'app.companies.suspended' },
];

const companyFilters = [
  <CompanySearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="is_partner" source="is_partner" choices={partnerChoices} alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

const Column = DataTable.Col<Company>;

/**
 * Company management (`users/companies`, `GET /companies`): search, partner and status filters,
 * paging; on phones a simple list.
 */
export const CompanyList = () => {
  const paths = useCompanyPaths();
  const translate = useTranslate();
  const isPhone = useIsPhone();
  return (
    <List<Company>
      resource="companies"
      title="app.companies.list_title"
      filters={companyFilters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      {isPhone ? (
        <SimpleList<Company>
          primaryText={(c) => c.name}
          secondaryText={(c) =>
            [c.code, c.state ? stateName(c.state) : null].filter(Boolean).join(' · ')
          }
          tertiaryText={(c) => translate(`app.companies.${c.status}`)}
          rowClick={(id) => paths.show(String(id))}
        />
      ) : (
        <DataTable<Company> rowClick={(id) => paths.show(String(id))} bulkActionButtons={false}>
          <Column source="name" />
          <Column source="code" render={(c) => <CodeText>{c.code}</CodeText>} />
          <Column source="state" render={(c) => (c.state ? stateName(c.state) : '—')} />
          <Column
            source="owner"
            disableSort
            render={(c) => (c.owner ? `${c.owner.first_name} ${c.owner.last_name}` : '—')}
          />
          <Column source="is_partner">
            <BooleanField source="is_partner" />
          </Column>
          <Column
            source="status"
            disableSort
            render={(c) => translate(`app.companies.${c.status}`)}
          />
          <Column source="created_at" render={(c) => <DateText value={c.created_at} />} />
        </DataTable>
      )}
    </List>
  );
};
