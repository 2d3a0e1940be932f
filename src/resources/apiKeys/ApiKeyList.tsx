import { Chip, Stack, Typography } from '@mui/material';
import {
  DataTable,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { useAccount } from '../../authProvider/useAccount';
import { CodeText } from '../../layout/CodeField';
import { DateText } from '../../layout/DateText';
import { useIsPhone } from '../../layout/useIsPhone';
import { ApiKeyCreateButton } from './ApiKeyCreateButton';
import { ApiKeyRevokeButton } from './ApiKeyRevokeButton';
import { ApiKeyStatusChip } from './ApiKeyStatusChip';
import type { ApiKey } from './types';

const Column = DataTable.Col<ApiKey>;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={[
      { id: 'active', name: 'app.api_keys.status.active' },
      { id: 'revoked', name: 'app.api_keys.status.revoked' },
    ]}
    alwaysOn
  />,
];

const LastUsed = ({ apiKey }: { apiKey: ApiKey }) => {
  const translate = useTranslate();
  return apiKey.last_used_at ? (
    <DateText value={apiKey.last_used_at} variant="relative" />
  ) : (
    translate('app.api_keys.never')
  );
};

/**
 * Settings → API keys: a company's keys (every company's for the provider's staff), with what
 * each may do, when it was last used, and Revoke. The key itself is shown only when created.
 * On phones a simple list, Revoke at the right of each active key.
 */
export const ApiKeyList = () => {
  const translate = useTranslate();
  const staff = useAccount()?.area === 'admin';
  const isPhone = useIsPhone();
  return (
    <List<ApiKey>
      resource="api-keys"
      title="app.api_keys.title"
      filters={filters}
      actions={
        <TopToolbar>
          <ApiKeyCreateButton />
        </TopToolbar>
      }
      sort={{ field: 'created_at', order: 'DESC' }}
      empty={false}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        {translate('app.api_keys.explanation')}
      </Typography>
      {isPhone ? (
        <SimpleList<ApiKey>
          primaryText={(k) => (
            <>
              {k.name} <CodeText>{k.prefix}…</CodeText>
            </>
          )}
          secondaryText={(k) =>
            [staff ? k.company_name : null, k.permission.join(', ')].filter(Boolean).join(' · ')
          }
          tertiaryText={(k) => <ApiKeyStatusChip apiKey={k} />}
          rightIcon={() => <ApiKeyRevokeButton />}
          rowClick={false}
        />
      ) : (
        <DataTable<ApiKey> rowClick={false} bulkActionButtons={false}>
          <Column source="name" />
          <Column
            source="prefix"
            disableSort
            render={(k) => (
              <Typography component="span" sx={{ fontFamily: 'monospace' }}>
                <CodeText>{k.prefix}…</CodeText>
              </Typography>
            )}
          />
          {staff ? <Column source="company_name" disableSort /> : null}
          <Column
            source="permission"
            disableSort
            render={(k) => (
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {k.permission.map((label) => (
                  <Chip key={label} size="small" variant="outlined" label={label} />
                ))}
              </Stack>
            )}
          />
          <Column source="created_at" render={(k) => <DateText value={k.created_at} />} />
          <Column source="last_used_at" render={(k) => <LastUsed apiKey={k} />} />
          <Column source="status" disableSort render={(k) => <ApiKeyStatusChip apiKey={k} />} />
          <Column label="" disableSort>
            <ApiKeyRevokeButton />
          </Column>
        </DataTable>
      )}
    </List>
  );
};
