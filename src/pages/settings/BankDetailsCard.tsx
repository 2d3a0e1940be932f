import { Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, SaveButton, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { banks } from '../../../reference/banks';
import type { AppDataProvider } from '../../dataProvider';
import { useNotifyError } from '../../httpClient/useNotifyError';
import type { BankAccountInput } from '../../resources/transactions/types';
import { useWallet } from '../../resources/transactions/useWallet';
import { BankAccountInputs } from '../public/BankAccountInputs';

const bankChoices = banks.map((b) => ({ id: b.code, name: b.name }));

/**
 * The bank account a partner company's earnings are paid into (`PUT /wallet/bank-details`),
 * checked as an agent's is: a bank of the list and a NUBAN whose check digit matches it.
 * Only the company's owner holds it (settings, bank_details).
 */
export const BankDetailsCard = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const wallet = useWallet();
  const { mutateAsync } = useMutation({
    mutationFn: (body: BankAccountInput) => dataProvider.setBankDetails(body),
    onSuccess: () => {
      notify('app.profile.bank_details_saved', { type: 'success' });
      return queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
    onError: notifyError,
  });
  const save = async (v: Record<string, unknown>) => {
    const text = (k: string) => String(v[k] ?? '').trim();
    await mutateAsync({
      bank_code: text('bank_code'),
      account_number: text('account_number'),
      account_name: text('account_name'),
    }).catch(() => undefined);
  };
  return (
    <Card>
      <CardHeader title={translate('app.profile.bank_details')} />
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.profile.bank_details_hint')}
        </Typography>
        {wallet.isPending ? null : (
          <Form record={wallet.data?.bank_account ?? {}} onSubmit={save} noValidate>
            <Stack sx={{ maxWidth: 560 }}>
              <BankAccountInputs choices={bankChoices} />
              <SaveButton label="app.profile.save_bank_details" />
            </Stack>
          </Form>
        )}
      </CardContent>
    </Card>
  );
};
