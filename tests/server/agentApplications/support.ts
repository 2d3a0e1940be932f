import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../../server/app';
import { jpeg } from '../capture/support';
import { uniqueIp, type TestContext } from '../helpers';
import { createJobsTestApp, multipart, setTat, signIn, type Headers } from '../jobs/support';

let n = 0;

/** A valid application with a unique email, phone and NIN; `over` replaces any field. */
export function applicationFields(over: Record<string, string | string[]> = {}) {
  n += 1;
  const serial = String(n).padStart(4, '0');
  return {
    first_name: 'Musa',
    last_name: `Abdullahi${n}`,
    email: `musa${n}-${Math.random().toString(36).slice(2, 6)}@example.ng`,
    phone: `0803 555 ${serial}`,
    state: 'kano',
    lgas: ['Nasarawa', 'Fagge'],
    nin: `2345678${serial}`,
    bank_code: '011',
    account_number: '0000014579', // the CBN's example NUBAN at First Bank
    account_name: `Musa Abdullahi ${n}`,
    ...over,
  };
}

/** `POST /agent-applications` as the form sends it; `photo: null` leaves the photo out. */
export function apply(
  app: App,
  fields: Record<string, string | string[]>,
  photo: { data: Buffer; filename?: string; type?: string } | null,
  remoteAddress = uniqueIp(),
) {
  const form = multipart({});
  for (const [k, v] of Object.entries(fields)) {
    for (const item of ([] as string[]).concat(v)) form.append(k, item);
  }
  if (photo) {
    form.append(
      'photo',
      new Blob([new Uint8Array(photo.data)], { type: photo.type ?? 'image/jpeg' }),
      photo.filename ?? 'me.jpg',
    );
  }
  return app.inject({
    method: 'POST',
    url: '/api/v2/agent-applications',
    payload: form,
    remoteAddress,
  });
}

/**
 * The app of a test file that reviews applications, opened before its tests and closed after them
 * (its `ctx` and `admin` are filled in then): an admin signed in, Kano's TATs for companies and
 * agents, and the calls of the review, as that admin unless told otherwise.
 */
export function reviewTestApp() {
  const ctx = {} as TestContext;
  const admin: Headers = {};
  let photo: Buffer;
  beforeAll(async () => {
    Object.assign(ctx, await createJobsTestApp());
    Object.assign(admin, (await signIn(ctx.app, ctx.db, 'admin')).headers);
    photo = (await jpeg()).data;
    await setTat(ctx.db, { audience: 'company' });
    await setTat(ctx.db, { audience: 'agent', amountKobo: 100_000, hours: 24 });
  });
  afterAll(() => ctx.close());

  /** A new pending application (with a photo), its id and email. */
  async function newApplication(over: Record<string, string | string[]> = {}) {
    const fields = applicationFields(over);
    const res = await apply(ctx.app, fields, { data: photo });
    if (res.statusCode !== 201) throw new Error(`apply failed: ${res.statusCode} ${res.body}`);
    return { id: (res.json() as { id: string }).id, email: fields.email as string, fields };
  }

  /** Approves or rejects an application. */
  const decide = (action: string, id: string, headers: Headers = admin) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/user/approve-or-reject-agent/${action}`,
      headers,
      payload: { id },
    });

  const get = (url: string, headers: Headers = admin) =>
    ctx.app.inject({ url: `/api/v2${url}`, headers });

  return { ctx, admin, photo: () => photo, newApplication, decide, get };
}
