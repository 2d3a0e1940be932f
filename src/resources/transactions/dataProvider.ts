import { apiJson, apiUrl, fetchBlob } from '../../httpClient/httpClient';
import type {
  BankAccount,
  BankAccountInput,
  FundWalletBody,
  HowToPay,
  Invoice,
  InvoiceMonth,
  Transaction,
  Wallet,
} from './types';

const enc = encodeURIComponent;

/**
 * A money-moving POST: the `Idempotency-Key` lets the server replay the first answer when the
 * same submit is retried (a lost answer must not fund a wallet or pay an agent twice).
 */
export const postMoney = <T>(path: string, body: unknown, idempotencyKey: string) =>
  apiJson<T>(path, {
    method: 'POST',
    body,
    headers: new Headers({ Accept: 'application/json', 'Idempotency-Key': idempotencyKey }),
  });

/** The money calls that are not CRUD, spread on the dataProvider. */
export const transactionsApi = {
  /** The signed-in company's wallet; admins name a company or an agent. */
  getWallet(owner: { company_id?: string; agent_id?: string } = {}) {
    const query = new URLSearchParams(owner as Record<string, string>).toString();
    return apiJson<Wallet>(`/wallet${query ? `?${query}` : ''}`);
  },

  /** Where companies pay in: the operator's account, the demo's, or none yet (`status`). */
  getHowToPay: () => apiJson<HowToPay>('/wallet/how-to-pay'),

  /** An admin records a company's bank payment: `POST /wallet/fund` → 201. */
  fundWallet: ({ body, idempotencyKey }: { body: FundWalletBody; idempotencyKey: string }) =>
    postMoney<Transaction>('/wallet/fund', body, idempotencyKey),

  /** A partner company's owner sets where its earnings are paid: `PUT /wallet/bank-details`. */
  setBankDetails: (body: BankAccountInput) =>
    apiJson<BankAccount>('/wallet/bank-details', { method: 'PUT', body }),

  /** The months the company was charged, newest first, with each invoice's total and jobs. */
  getInvoiceMonths: () => apiJson<InvoiceMonth[]>('/transactions/invoices'),

  /** A month's invoice as data, for the preview (the same call as the PDF, asked for JSON). */
  getInvoice: (month: string) => apiJson<Invoice>(`/transactions/invoice?month=${enc(month)}`),

  getInvoicePdf: (month: string) =>
    fetchBlob(`${apiUrl}/transactions/invoice?month=${enc(month)}`, { accept: 'application/pdf' }),

  getReceiptPdf: (id: string) =>
    fetchBlob(`${apiUrl}/transactions/${enc(id)}/receipt`, { accept: 'application/pdf' }),
};
