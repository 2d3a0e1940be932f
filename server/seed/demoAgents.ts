import sharp from 'sharp';
import { nubanCheckDigit } from '../../reference/nuban';
import type { Queryable } from '../db';
import { createAgentApplicationsRepository } from '../repositories/agentApplications';
import { createAgentAccount } from '../services/agentAccounts';
import type { FileStorage } from '../services/storage';

/** What the agents' seed needs, and what it leaves for the demo jobs: the approved agents' ids. */
export interface AgentSeedContext {
  storage: FileStorage;
  agentIds: string[];
}

type Person = [first: string, last: string, state: string, lgas: string[], bank: string];

// Each a name no other demo person has (tests/server/seed/demoReadsTrue.test.ts): an assignee who
// shares the job owner's name reads as if the owner had made the visit.
const approved: Person[] = [
  ['Chinedu', 'Okafor', 'lagos', ['Ikeja', 'Kosofe', 'Shomolu'], '058'],
  ['Aisha', 'Bello', 'kano', ['Fagge', 'Nasarawa', 'Tarauni'], '011'],
  ['Emeka', 'Nwosu', 'enugu', ['Enugu North', 'Enugu South'], '044'],
  ['Funmilayo', 'Adeyemi', 'oyo', ['Ibadan North', 'Ibadan South-West'], '057'],
  ['Ibrahim', 'Shehu', 'abuja', ['Abuja Municipal Area Council', 'Bwari'], '033'],
  ['Ngozi', 'Ekwueme', 'rivers', ['Port Harcourt', 'Obio/Akpor'], '50515'],
  ['Tunde', 'Ogunleye', 'lagos', ['Eti Osa', 'Lagos Island'], '232'],
  ['Halima', 'Yusuf', 'kaduna', ['Kaduna North', 'Kaduna South'], '070'],
  ['Efosa', 'Osagie', 'edo', ['Oredo', 'Egor'], '035'],
  ['Blessing', 'Udo', 'akwa_ibom', ['Uyo', 'Itu'], '50211'],
];
const pending: Person[] = [
  ['Segun', 'Afolabi', 'ogun', ['Abeokuta South', 'Odeda'], '214'],
  ['Zainab', 'Abdullahi', 'kano', ['Gwale', 'Dala'], '301'],
  ['Chiamaka', 'Obi', 'anambra', ['Awka South', 'Onitsha North'], '011'],
  ['Yakubu', 'Danjuma', 'plateau', ['Jos North', 'Jos South'], '999992'],
];
const rejected: Person[] = [['Kelechi', 'Ibe', 'imo', ['Owerri Municipal'], '058']];

/** A plain portrait-like picture with the person's initials, as JPEG. */
function portrait(first: string, last: string, hue: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="400">
    <rect width="320" height="400" fill="hsl(${hue},45%,82%)"/>
    <circle cx="160" cy="150" r="80" fill="hsl(${hue},35%,45%)"/>
    <rect x="60" y="250" width="200" height="160" rx="90" fill="hsl(${hue},35%,45%)"/>
    <text x="160" y="172" font-size="64" font-family="sans-serif" fill="#fff" text-anchor="middle">${first[0]}${last[0]}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * ~10 approved agents across states with bank details and photos, 4 pending applications, a
 * fifth that repeats the first agent's phone and NIN (a duplicate to reject), and a rejected one. Pushes the approved agents' account ids onto `ctx.agentIds` (and returns them).
 */
export async function seedAgents(tx: Queryable, ctx: AgentSeedContext) {
  const applications = createAgentApplicationsRepository(tx);
  const everyone = [
    ...approved.map((p) => ['approved', p] as const),
    ...pending.map((p) => ['pending', p] as const),
    ...rejected.map((p) => ['rejected', p] as const),
  ];
  for (const [i, [status, [first, last, state, lgas, bank]]] of everyone.entries()) {
    const n = String(i + 1).padStart(3, '0');
    const serial = `2${n}45${n}7`.slice(0, 9);
    const stored = await ctx.storage.put(
      await portrait(first, last, (i * 37) % 360),
      'agent-photos',
      '.jpg',
    );
    const app = await applications.create(
      {
        first_name: first,
        last_name: last,
        email: `${first}.${last}@agents.demo.ng`.toLowerCase(),
        phone: `+234806${String(1000000 + i * 7919).slice(0, 7)}`,
        state,
        lgas,
        nin: `7${n}42${n}991`.slice(0, 11),
        bank_code: bank,
        account_number: serial + nubanCheckDigit(bank, serial),
        account_name: `${first} ${last}`.toUpperCase(),
        photo_key: stored.key,
        photo_sha256: stored.sha256,
      },
      tx,
    );
    if (status === 'pending') continue;
    if (i === 0) {
      // The first agent applies again from another mailbox: the reviewer sees the duplicate.
      const again = await ctx.storage.put(await portrait(first, last, 200), 'agent-photos', '.jpg');
      await applications.create(
        {
          ...app,
          email: `${first}.${last}.2@agents.demo.ng`.toLowerCase(),
          photo_key: again.key,
          photo_sha256: again.sha256,
        },
        tx,
      );
    }
    const account = status === 'approved' ? await createAgentAccount(app, tx) : null;
    await applications.decide(
      app.id,
      { status, decidedBy: null, accountId: account?.id ?? null },
      tx,
    );
    if (account) ctx.agentIds.push(account.id);
  }
  return ctx.agentIds;
}
