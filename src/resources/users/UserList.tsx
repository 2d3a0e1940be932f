import { CreateButton, DataTable, List, SearchInput, SimpleList, TopToolbar } from 'react-admin';
import { CodeText } from '../../layout/CodeField';
import { DateText } from '../../layout/DateText';
import { useIsPhone } from '../../layout/useIsPhone';
import { useUserPaths } from './paths';
import { UserStatusChip } from './UserStatusChip';
import type { User } from './types';

const Column = DataTable.Col<User>;
const filters = [<SearchInput key="q" source="q" alwaysOn />];

const ListActions = () => {
  const paths = useUserPaths();
  return (
    <TopToolbar>
      <CreateButton
        to={paths.create}
        label={paths.area === 'company' ? 'app.users.add_staff' : 'app.menu.create_user'}
      />
    </TopToolbar>
  );
};

/**
 * users/users (spec §2 "admin user management"): the people this account manages, searchable.
 * On phones a simple list: name, email, when last seen and status.
 */
export const UserList = () => {
  const paths = useUserPaths();
  const isPhone = useIsPhone();
  return (
    <List<User>
      resource="users"
      title="app.users.list_title"
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      {isPhone ? (
        <SimpleList<User>
          primaryText={(u) => u.full_name}
          secondaryText={(u) => u.email}
          tertiaryText={(u) => <UserStatusChip user={u} />}
          rowClick={(id) => paths.profile(String(id))}
        />
      ) : (
        <DataTable<User> rowClick={(id) => paths.profile(String(id))} bulkActionButtons={false}>
          <Column
            source="uniqueCode"
            disableSort
            render={(u) => <CodeText>{u.uniqueCode}</CodeText>}
          />
          <Column source="full_name" disableSort />
          <Column source="email" />
          <Column source="phone" disableSort />
          <Column
            source="created_date"
            disableSort
            render={(u) => <DateText value={u.created_date} />}
          />
          <Column
            source="last_seen"
            disableSort
            render={(u) => (u.last_seen ? <DateText value={u.last_seen} variant="relative" /> : '')}
          />
          <Column source="status" disableSort render={(u) => <UserStatusChip user={u} />} />
        </DataTable>
      )}
    </List>
  );
};
