import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stateAliases } from '../reference/locations';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db';
import { migrate } from '../server/db/migrate';
import { createConfirmedUser } from '../server/services/createUser';

/**
 * Where a jobs list request's time goes on the API's own thread, beyond its SQL (PGlite runs on a
 * thread of its own): `n` requests of a 25-row page with gzip, one after another through
 * `app.inject`, under the CPU profiler, its self time summed per module (our files by folder,
 * packages by name, Node's own). `npx tsx bench/listProfile.ts [n]`.
 */
const n = Number(process.argv[2] ?? 1000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'list-profile-'));
const config = { ...loadConfig(), dataDir, logLevel: 'silent' as const, demoData: false };
delete (config as { databaseUrl?: string }).databaseUrl;
const db = await openDb(config, 'the list profile');
try {
  await migrate(db);
  const login = { email: 'profile@bench.ng', password: 'profile-password' };
  const owner = await createConfirmedUser(db, {
    role: 'company',
    ...login,
    first_name: 'Profile',
    last_name: 'Owner',
    company_name: 'Profile Ltd',
  });
  await db.query(
    `INSERT INTO jobs (type, company_id, created_by, state, lga, subject_name, fields, created_at, status)
     SELECT 'address', $1, $2, s[1 + i % array_length(s, 1)], 'Lga ' || (i % 7),
            'Ada' || i || ' Obi' || (i % 97),
            jsonb_build_object('first_name', 'Ada' || i, 'last_name', 'Obi', 'phone', '+2348031000001',
                               'address', i || ' Market Road, Block ' || (i % 40)),
            now() - (i || ' seconds')::interval * 30,
            (ARRAY['pending', 'assigned', 'accepted', 'submitted', 'approved'])[1 + i % 5]
       FROM generate_series(1, 20000) i, (SELECT $3::text[] AS s) st`,
    [owner.company_id, owner.id, stateAliases],
  );
  const app = await buildApp({ config, db });
  const signedIn = await app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: login });
  const { accessToken } = signedIn.json<{ accessToken: string }>();
  const q = new URLSearchParams({
    filter: JSON.stringify({ status: 'assigned' }),
    sort: JSON.stringify(['created_at', 'DESC']),
    range: JSON.stringify([0, 24]),
  });
  const request = (encoding: string) =>
    app.inject({
      method: 'GET',
      url: `/api/v2/jobs?${q}`,
      headers: { authorization: `Bearer ${accessToken}`, 'accept-encoding': encoding },
    });
  const run = async (encoding: string) => {
    const t = performance.now();
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const r = await request(encoding);
      if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
      bytes += r.rawPayload.length;
    }
    return { ms: (performance.now() - t) / n, bytes: bytes / n };
  };
  for (let i = 0; i < 200; i++) await request('gzip');
  // In turns, twice each: the machine is shared.
  const plain = [await run('identity')];
  const gzip = [await run('gzip')];
  plain.push(await run('identity'));
  gzip.push(await run('gzip'));
  const avg = (xs: { ms: number }[]) => xs.reduce((s, x) => s + x.ms, 0) / xs.length;
  console.log(
    `per request, ${n} in a row: ${avg(plain).toFixed(2)} ms without gzip (${plain[0]!.bytes.toFixed(0)} bytes), ${avg(gzip).toFixed(2)} ms with (${gzip[0]!.bytes.toFixed(0)} bytes)`,
  );

  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const profiled = await run('gzip');
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0)));
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const f = nodes.get(id)!.callFrame;
    const url = f.url;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const ours = /\/(server|reference)\/(.*)$/.exec(url);
    const module = pkg
      ? pkg
      : ours
        ? `${ours[1]}/${path.dirname(ours[2]!)}`
        : url.startsWith('node:')
          ? url
          : url
            ? 'other'
            : `(${f.functionName || 'native'})`;
    byModule.set(module, (byModule.get(module) ?? 0) + us);
    const name = `${f.functionName || '(anonymous)'} ${module}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    total += us;
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(
        ([name, us]) =>
          `  ${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000 / n).toFixed(3)} ms/req  ${name}`,
      )
      .join('\n');
  console.log(
    `profiled: ${profiled.ms.toFixed(2)} ms per request; the API thread's samples (idle is the wait for the database thread):`,
  );
  console.log(top(byModule, 15));
  console.log('by function:');
  console.log(top(byFunction, 20));
  await app.close();
} finally {
  await db.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
