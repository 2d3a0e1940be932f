import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSources } from '../architecture/sources';

// Seeding the demo takes half a minute, twice in CI (PGlite, then PostgreSQL): a test file that
// only reads the demo opens a copy of the one the run seeds (createDemoTestApp, ../demoSnapshot).
// Only the tests of seeding itself seed on their own.
// This file names the seedings it looks for in its own examples.
const self = join('tests', 'server', 'seed', 'sharedDemo.test.ts');
const sources = readSources(join('tests', 'server')).filter(({ file }) => file !== self);

/** Whether a source seeds the whole demo: `seedDemoData(`, or the server seeding it at start. */
const seedsDemo = (text: string) =>
  /\bseedDemoData\(/.test(text) || /DEMO_DATA\b[^\n]*['"]true['"]|demoData:\s*true/.test(text);

describe('the API tests seed the demo once per run', () => {
  it('only the shared demo snapshot and the tests of seeding and backup seed the demo', () => {
    const seeders = sources.filter(({ text }) => seedsDemo(text)).map(({ file }) => file);
    expect(seeders.sort()).toEqual(
      [
        // Builds the run's demo, that createDemoTestApp copies.
        join('tests', 'server', 'demoSnapshot.ts'),
        // The seeding itself: what it writes, how long it takes, its seeders one by one.
        join('tests', 'server', 'seed', 'demoData.test.ts'),
        // `npm start` seeding a new data folder, then backed up while it runs.
        join('tests', 'server', 'backup', 'backup.test.ts'),
      ].sort(),
    );
  });

  it('the scan sees a seeding (it is not vacuous)', () => {
    expect(seedsDemo('await seedDemoData(ctx.db, { storage })')).toBe(true);
    expect(seedsDemo("Object.assign(process.env, { DEMO_DATA: 'true' })")).toBe(true);
    expect(seedsDemo('createTestApp({ demoData: true })')).toBe(true);
    expect(seedsDemo('ctx = await createDemoTestApp();')).toBe(false);
    expect(seedsDemo("import { seedDemoData } from '../../server/seed/demoData';")).toBe(false);
  });
});
