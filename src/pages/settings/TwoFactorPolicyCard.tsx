import { Card, CardContent, CardHeader, FormControlLabel, Switch, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Account } from '../../authProvider/session';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../httpClient/useNotifyError';
import type { TwoFactorPolicyScope } from './twoFactorApi';

/**
 * The switch that requires two-factor sign-in of the admin area (super-admins) or of the company's
 * users (its owner): shown only to those the server lets set it. The account's
 * `two_factor_required` is the policy in force for its area or company.
 */
export const TwoFactorPolicyCard = ({ account }: { account: Account }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const scope: TwoFactorPolicyScope = account.area === 'admin' ? 'admin-area' : 'company';
  const change = useMutation({
    mutationFn: (required: boolean) => dataProvider.setTwoFactorPolicy(scope, required),
    onSuccess: () => {
      notify('app.two_factor.policy_saved', { type: 'success' });
      return queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
    },
    onError: notifyError,
  });
  const label =
    scope === 'admin-area'
      ? translate('app.two_factor.policy_admin')
      : translate('app.two_factor.policy_company', {
          company: account.company_name ?? translate('app.settings.company_name'),
        });
  const checked = change.isPending ? change.variables : account.two_factor_required;
  return (
    <CanAccess
      resource="settings"
      action={scope === 'admin-area' ? 'two_factor_admin_policy' : 'two_factor_company_policy'}
    >
      <Card sx={{ width: '100%' }}>
        <CardHeader title={translate('app.two_factor.title')} component="h2" />
        <CardContent>
          <FormControlLabel
            control={
              <Switch
                checked={checked}
                disabled={change.isPending}
                onChange={(e) => change.mutate(e.target.checked)}
              />
            }
            label={label}
          />
          <Typography color="text.secondary" variant="body2">
            {translate(
              scope === 'admin-area'
                ? 'app.two_factor.policy_admin_help'
                : 'app.two_factor.policy_company_help',
            )}
          </Typography>
        </CardContent>
      </Card>
    </CanAccess>
  );
};
