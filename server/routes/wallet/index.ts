import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { defaultMoneySettings } from '../../config';
import {
  badRequest,
  conflict,
  fieldError,
  forbidden,
  notFound,
  type FieldError,
} from '../../errors';
import { errorResponses } from '../../schemas/common';
import { Transaction } from '../../schemas/transactions';
import {
  BankAccount,
  BankAccountBody,
  FundWalletBody,
  HowToPay,
  Wallet,
  WalletQuery,
} from '../../schemas/wallet';
import { bankAccountView, checkBankAccount } from '../../services/bankAccount';
import { isAdminArea } from '../../services/jobAccess';
import { agentEarnings, companyEarnings, wallet } from '../../services/ledger';
import { koboToNgn, positiveKobo } from '../../services/money';
import { transactionView } from '../../services/moneyViews';
import { demoAccount } from '../../seed/demoAccounts';
import { fundWallet, recordedBankTransfer } from '../../services/paymentMethods';

/**
 * A company's wallet (its balance and how to pay in, a partner's earnings and bank account) and
 * the admins' record of a payment.
 */
const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ledger, transactions, payouts, companies } = app.repos;
  const tags = ['money'];
  const settings = app.config.money ?? defaultMoneySettings;
  /** The demo's sign-ins exist only in a database the demo was seeded into. */
  const howToPay = async () =>
    recordedBankTransfer.howToPay(
      settings,
      settings.paymentAccount !== 'configured' &&
        (await app.repos.accounts.findByEmail(demoAccount('admin').email)) !== undefined,
    );

  app.get(
    '/wallet/how-to-pay',
    {
      config: { access: 'money.view' },
      schema: {
        tags,
        summary: "Where companies pay in: the operator's account, the demo's, or none yet",
        description:
          '`status` says which: `configured` (PAYMENT_* set), `demo` (demo data, a made-up ' +
          'account), `not_configured` (no account number; `missing` names the variables to set).',
        response: { 200: HowToPay },
      },
    },
    async () => howToPay(),
  );

  app.get(
    '/wallet',
    {
      config: { access: 'money.view' },
      schema: {
        tags,
        summary:
          "The signed-in company's wallet balance and how to pay; admins name a company or agent",
        description:
          'Company users: their own company (another `company_id` is 404). Admins: `?company_id=` ' +
          "(a company's wallet) or `?agent_id=` (an agent's earnings available for payout).",
        querystring: WalletQuery,
        response: { 200: Wallet, ...errorResponses(404) },
      },
    },
    async (request) => {
      const a = request.account;
      const { company_id, agent_id } = request.query;
      const how_to_pay = await howToPay();
      if (!isAdminArea(a)) {
        if (agent_id) throw forbidden();
        if (company_id && company_id !== a.company_id) throw notFound('Company not found');
      } else if (company_id && agent_id) {
        throw fieldError('agent_id', 'Name either company_id or agent_id, not both');
      } else if (agent_id) {
        if (!(await payouts.payees('agent', [agent_id])).length) throw notFound('Agent not found');
        const [balance, earned] = await Promise.all([
          ledger.balance(agentEarnings(agent_id)),
          transactions.feesEarned({ agentId: agent_id }),
        ]);
        const available = koboToNgn(balance)!;
        return {
          balance: available,
          earnings: koboToNgn(earned)!,
          available,
          bank_account: null,
          how_to_pay,
        };
      } else if (!company_id) {
        throw fieldError('company_id', 'company_id or agent_id is required');
      }
      const companyId = isAdminArea(a) ? company_id! : a.company_id!;
      if (!(await transactions.company(companyId))) throw notFound('Company not found');
      const [balance, earned, available, bank] = await Promise.all([
        ledger.balance(wallet(companyId)),
        transactions.feesEarned({ companyId }),
        ledger.balance(companyEarnings(companyId)),
        companies.bankAccount(companyId),
      ]);
      return {
        balance: koboToNgn(balance)!,
        earnings: koboToNgn(earned)!,
        available: koboToNgn(available)!,
        bank_account: bank ? bankAccountView(bank) : null,
        how_to_pay,
      };
    },
  );

  app.put(
    '/wallet/bank-details',
    {
      config: { access: 'money.bank_details', audit: 'wallet.bank_details' },
      schema: {
        tags,
        summary: "Set the bank account a partner company's earnings are paid out to (its owner)",
        description:
          'A bank of `GET /banks`, a 10-digit NUBAN checked against it, and the account name. ' +
          'The provider pays payouts into it.',
        body: BankAccountBody,
        response: { 200: BankAccount },
      },
    },
    async (request) => {
      const errors: FieldError[] = [];
      const account = checkBankAccount(request.body, (field, msg) => errors.push({ field, msg }));
      if (errors.length) throw badRequest(errors[0]!.msg, errors);
      await companies.setBankAccount(request.account.company_id!, account);
      return bankAccountView(account);
    },
  );

  app.post(
    '/wallet/fund',
    {
      config: { access: 'money.manage', idempotent: true, audit: 'wallet.fund' },
      schema: {
        tags,
        summary: "Record a company's bank transfer: its wallet is credited (admins)",
        description:
          'The same `reference` again answers the first funding and credits nothing; a reference ' +
          'already recorded for another company or amount is a 409. Accepts an `Idempotency-Key` header.',
        body: FundWalletBody,
        response: { 201: Transaction, ...errorResponses(409, 422) },
      },
    },
    async (request, reply) => {
      const { company_id, amount } = request.body;
      const kobo = positiveKobo('amount', amount);
      if (!(await transactions.company(company_id))) {
        throw fieldError('company_id', 'company_id names no company');
      }
      const payment = { companyId: company_id, amountKobo: kobo, input: request.body };
      const reference = await app.db.transaction((tx) =>
        fundWallet(ledger, recordedBankTransfer, payment, request.account.id, tx),
      );
      const first = await ledger.findByReference(reference);
      if (first!.company_id !== company_id || first!.amount_kobo !== kobo) {
        throw conflict(
          `The payment ${request.body.reference.trim()} is already recorded for another company or amount`,
        );
      }
      const scope = { kind: 'all' } as const;
      return reply
        .code(201)
        .send(transactionView((await transactions.find(first!.id, scope))!, scope));
    },
  );
};

export default walletRoutes;
