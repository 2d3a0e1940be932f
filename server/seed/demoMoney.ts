import { roundedKobo } from '../../reference/money';
import { lagosDate } from '../../reference/lagosTime';
import { createCompaniesRepository } from '../repositories/companies';
import { createLedgerRepository } from '../repositories/ledger';
import { createPayoutsRepository } from '../repositories/payouts';
import { recordedBankTransfer, fundWallet } from '../services/paymentMethods';
import { checkBankAccount } from '../services/bankAccount';
import { payOut, settlePayout } from '../services/payouts';
import { accountByEmail, daysAgo, type DemoContext, type DemoSeeder } from './demoContext';
import { demoAccount } from './demoAccounts';

/** A day as the provider's bank statement shows it (Lagos time, yyyy-MM-dd). */
const statementDate = (ctx: DemoContext, days: number) => lagosDate(daysAgo(ctx, days));

const banks = ['GTB', 'ZEN', 'UBA', 'FBN', 'ACC'];

/** Naira each client paid: an opening deposit before its first job, then a top-up. */
const deposits = [
  { days: 125, naira: [1_500_000, 750_000, 1_000_000, 600_000] },
  { days: 45, naira: [500_000, 400_000, 300_000, 250_000] },
];

/**
 * Every client company's wallet funded by recorded bank transfers, as the admin records them
 * through `POST /wallet/fund`: runs before the jobs, which are charged as they are created.
 * Enough for all their demo jobs (about ₦650,000 at most), so no wallet goes below zero.
 */
export const seedWalletFunding: DemoSeeder = async (tx, ctx) => {
  const ledger = createLedgerRepository(tx);
  const admin = accountByEmail(ctx, demoAccount('admin').email);
  const clients = ctx.companies.filter((c) => c.kind === 'client');
  for (const [d, { days, naira }] of deposits.entries()) {
    for (const [i, c] of clients.entries()) {
      const paidAt = statementDate(ctx, days - i);
      const reference = `${banks[(i + d) % banks.length]}-TRF-${paidAt.replace(/-/g, '')}-${4711 + 37 * i + d}`;
      const payment = {
        companyId: c.id,
        amountKobo: roundedKobo(naira[i % naira.length]!),
        input: { reference, paid_at: paidAt },
      };
      // Credited the day it was paid (10:00 Lagos), not when the demo was made.
      const at = new Date(`${paidAt}T09:00:00Z`);
      await fundWallet(ledger, recordedBankTransfer, payment, admin.id, tx, at);
    }
  }
};

/** The partners' bank accounts, as their owners enter them in Settings (valid NUBANs). */
const partnerBankAccounts = [
  {
    bank_code: '058',
    account_number: '3045182730',
    account_name: 'FieldTrust Verification Services',
  },
];

/**
 * After the jobs (whose approvals credited the assignees' fees): the two agents who earned the
 * most paid out their balance, the first marked paid with the bank's reference, the second
 * pending; the first partner, with its bank details, paid out and marked paid.
 */
export const seedPayouts: DemoSeeder = async (tx, ctx) => {
  const deps = { ledger: createLedgerRepository(tx), payouts: createPayoutsRepository(tx) };
  const admin = accountByEmail(ctx, demoAccount('admin').email);
  const balances = await deps.ledger.balances('agent_earnings', ctx.agents, tx);
  const earners = [...balances]
    .filter(([, kobo]) => kobo > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, 2)
    .map(([id]) => id);
  if (earners.length < 2) throw new Error('demo data: fewer than two agents have earnings');
  const agents = await deps.payouts.payees('agent', earners, tx);
  for (const [i, id] of earners.entries()) {
    const agent = agents.find((a) => a.id === id)!;
    const [payoutId] = await payOut(deps, [agent], admin.id, tx);
    if (i === 0) {
      const reference = `GTB-NIP-${statementDate(ctx, 2).replace(/-/g, '')}-000318`;
      await settlePayout(deps, payoutId!, { status: 'paid', reference }, admin.id, tx);
    }
  }

  const companies = createCompaniesRepository(tx);
  const partners = ctx.companies.filter((c) => c.kind === 'partner');
  for (const [i, bank] of partnerBankAccounts.entries()) {
    const errors: string[] = [];
    const account = checkBankAccount(bank, (_field, msg) => errors.push(msg));
    if (errors.length) throw new Error(`demo data: ${errors.join('; ')}`);
    await companies.setBankAccount(partners[i]!.id, account, tx);
  }
  const [partner] = await deps.payouts.payees('company', [partners[0]!.id], tx);
  const [payoutId] = await payOut(deps, [partner!], admin.id, tx);
  const reference = `ZEN-NIP-${statementDate(ctx, 1).replace(/-/g, '')}-000527`;
  await settlePayout(deps, payoutId!, { status: 'paid', reference }, admin.id, tx);
};
