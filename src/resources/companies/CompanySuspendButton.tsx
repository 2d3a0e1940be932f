import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useCanAccess, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useNotifyError } from '../../httpClient/useNotifyError';
import type { CompanyDetails } from './types';

/**
 * Suspends the company (its users are signed out at once and cannot sign in) or reactivates it,
 * after a confirmation: `PATCH /companies/{id}/status`, for the provider's admins only.
 */
export const CompanySuspendButton = ({ company }: { company: CompanyDetails }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'companies', action: 'suspend' });
  const [update, { isPending }] = useUpdate<CompanyDetails>();
  if (!canAccess) return null;
  const suspend = company.status === 'active';
  const action = suspend ? 'suspend' : 'reactivate';
  const confirm = () =>
    update(
      'companies',
      {
        id: company.id,
        data: { status: suspend ? 'suspended' : 'active' },
        previousData: company,
        meta: { view: 'details' },
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(suspend ? 'app.companies.suspended_done' : 'app.companies.reactivated_done', {
            type: 'success',
          });
        },
        onError: (error) => {
          setOpen(false);
          notifyError(error);
        },
      },
    );
  return (
    <>
      <Button
        variant="outlined"
        color={suspend ? 'error' : 'primary'}
        disabled={isPending}
        onClick={() => setOpen(true)}
      >
        {translate(`app.companies.${action}`)}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={translate(`app.companies.${action}_title`, { name: company.name ?? company.code })}
        content={translate(`app.companies.${action}_content`)}
        confirm={translate(`app.companies.${action}`)}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
