import { CreateButton, DataTable, List, SearchInput, TopToolbar } from 'react-admin';
import { formatDisplayDate, formatDisplayDateTime } from '../../formatting/dates';
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

/** users/users (spec §2 "admin user management"): the people this account manages, searchable. */
export const UserList = () => {
  const paths = useUserPaths();
  return (
    <List<User>
      resource="users"
      title="app.users.list_title"
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable<User> rowClick={(id) => paths.profile(String(id))} bulkActionButtons={false}>
        <Column source="uniqueCode" disableSort />
        <Column source="full_name" disableSort />
        <Column source="email" />
        <Column source="phone" disableSort />
        <Column
          source="created_date"
          disableSort
          render={(u) => formatDisplayDate(u.created_date)}
        />
        <Column
          source="last_seen"
          disableSort
          render={(u) => (u.last_seen ? formatDisplayDateTime(u.last_seen) : '')}
        />
        <Column source="status" disableSort render={(u) => <UserStatusChip user={u} />} />
      </DataTable>
    </List>
  );
};
