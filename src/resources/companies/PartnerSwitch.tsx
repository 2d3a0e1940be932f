import { FormControlLabel, Switch } from '@mui/material';
import { useCanAccess, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useNotifyError } from '../../httpClient/useNotifyError';
import type { CompanyDetails } from './types';

/**
 * Marks the company as a partner (it is then offered on Assign Job) or not: `PATCH /companies/{id}`,
 * for the provider's admins only; others see nothing.
 */
export const PartnerSwitch = ({ company }: { company: CompanyDetails }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { canAccess } = useCanAccess({ resource: 'companies', action: 'edit' });
  const [update, { isPending }] = useUpdate<CompanyDetails>();
  if (!canAccess) return null;
  const toggle = (isPartner: boolean) =>
    update(
      'companies',
      {
        id: company.id,
        data: { is_partner: isPartner },
        previousData: company,
        meta: { view: 'details' },
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify(isPartner ? 'app.companies.partner_marked' : 'app.companies.partner_unmarked', {
            type: 'success',
          }),
        onError: notifyError,
      },
    );
  return (
    <FormControlLabel
      control={
        <Switch
          checked={company.is_partner}
          disabled={isPending}
          onChange={(event) => toggle(event.target.checked)}
        />
      }
      label={translate('app.companies.partner_switch')}
    />
  );
};
