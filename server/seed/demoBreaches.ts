import { createBreachesRepository } from '../repositories/breaches';
import { accountByEmail, daysAgo, type DemoSeeder } from './demoContext';

/**
 * The breach register of the demo: a mis-sent export last month, told to the NDPC within the 72
 * hours and closed, and a lost phone found this morning, still open with its deadline running.
 */
export const seedBreaches: DemoSeeder = async (tx, ctx) => {
  const admin = accountByEmail(ctx, 'admin@demo.ng');
  const breaches = createBreachesRepository(tx);
  await breaches.insert(
    {
      description:
        'A CSV export of approved jobs was e-mailed to the wrong client company. The recipient ' +
        'confirmed in writing that it deleted the file unopened.',
      occurred_at: daysAgo(ctx, 32),
      found_at: daysAgo(ctx, 31.5),
      data_affected: 'Names, addresses and phone numbers of people verified for one client',
      people_affected: 37,
      who_was_told: 'The client company whose jobs they were; the people affected by SMS',
      ndpc_notified_at: daysAgo(ctx, 30),
      people_notified_at: daysAgo(ctx, 29),
      status: 'closed',
    },
    admin.id,
    tx,
  );
  await breaches.insert(
    {
      description:
        "A field agent's phone holding capture photos not yet uploaded was reported lost in Ikeja.",
      occurred_at: daysAgo(ctx, 0.6),
      found_at: daysAgo(ctx, 0.25),
      data_affected: 'Selfies, house and utility-bill photos and GPS positions of three visits',
      people_affected: 3,
      who_was_told: '',
      ndpc_notified_at: null,
      people_notified_at: null,
      status: 'open',
    },
    admin.id,
    tx,
  );
};
