import { apiUrl, fetchBlob, httpClient } from '../httpClient/httpClient';
import type {
  BankAccount,
  BankAccountInput,
  FundWalletBody,
  Invoice,
  Payout,
  PayoutOutcome,
  PayoutPayee,
  Transaction,
  Wallet,
} from '../resources/transactions/types';

const enc = encodeURIComponent;

/**
 * A money-moving POST: the `Idempotency-Key` lets the server replay the first answer when the
 * same submit is retried (a lost answer must not fund a wallet or pay an agent twice).
 */
async function postMoney<T>(path: string, body: unknown, idempotencyKey: string): Promise<T> {
  const { json } = await httpClient(`${apiUrl}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: new Headers({ Accept: 'application/json', 'Idempotency-Key': idempotencyKey }),
  });
  return json as T;
}

/** The money calls that are not CRUD, spread on the dataProvider. */
export const moneyApi = {
  /** The signed-in company's wallet; admins name a company or an agent. */
  async getWallet(owner: { company_id?: string; agent_id?: string } = {}): Promise<Wallet> {
    const query = new URLSearchParams(owner as Record<string, string>).toString();
    const { json } = await httpClient(`${apiUrl}/wallet${query ? `?${query}` : ''}`);
    return json as Wallet;
  },

  /** An admin records a company's bank payment: `POST /wallet/fund` → 201. */
  fundWallet: ({ body, idempotencyKey }: { body: FundWalletBody; idempotencyKey: string }) =>
    postMoney<Transaction>('/wallet/fund', body, idempotencyKey),

  /** Pays out an agent's or a partner's available balance: `POST /payouts` → 201. */
  createPayout: ({ payee, idempotencyKey }: { payee: PayoutPayee; idempotencyKey: string }) =>
    postMoney<Payout>('/payouts', payee, idempotencyKey),

  /** A partner company's owner sets where its earnings are paid: `PUT /wallet/bank-details`. */
  async setBankDetails(body: BankAccountInput): Promise<BankAccount> {
    const { json } = await httpClient(`${apiUrl}/wallet/bank-details`, {
      method: 'PUT',
      body: JSON.stringify(body),
    });
    return json as BankAccount;
  },

  /** A month's invoice as data, for the preview (the same call as the PDF, asked for JSON). */
  async getInvoice(month: string): Promise<Invoice> {
    const { json } = await httpClient(`${apiUrl}/transactions/invoice?month=${enc(month)}`);
    return json as Invoice;
  },

  getInvoicePdf: (month: string) =>
    fetchBlob(`${apiUrl}/transactions/invoice?month=${enc(month)}`, { accept: 'application/pdf' }),

  getReceiptPdf: (id: string) =>
    fetchBlob(`${apiUrl}/transactions/${enc(id)}/receipt`, { accept: 'application/pdf' }),
};

/** `PATCH /payouts/{id}` (ra-data-simple-rest would PUT): mark paid, or failed with a reason. */
export async function updatePayout(id: string, outcome: PayoutOutcome): Promise<Payout> {
  const { json } = await httpClient(`${apiUrl}/payouts/${enc(id)}`, {
    method: 'PATCH',
    body: JSON.stringify(outcome),
  });
  return json as Payout;
}
