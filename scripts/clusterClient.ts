import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';

/**
 * The API calls the scaling test and the mixed benchmark make against the processes of
 * `scripts/cluster.ts`, over real HTTP: one client, so both exercise the same requests.
 */

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

/** One request to `base` + `/api/v2` + `path`; a JSON answer is parsed, any other kept as text. */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | FormData | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    body = opts.form;
  }
  const res = await fetch(`${base}/api/v2${path}`, { method, headers, body });
  const text = await res.text();
  const parsed = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/** The answer's body, or an error naming the call and what came back instead. */
export function expectStatus<T>(reply: Reply<T>, status: number, what: string): T {
  if (reply.status !== status) {
    throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  }
  return reply.body;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  account: { id: string; company_id?: string | null };
}

export async function signIn(base: string, email: string, password: string): Promise<Session> {
  const reply = await call<Session>(base, 'POST', '/auth/login', { json: { email, password } });
  return expectStatus(reply, 200, `sign-in of ${email}`);
}

/** The fields of an address job in Lagos (the demo has prices and agents there). */
export function addressJobForm(n: number) {
  const form = new FormData();
  const fields = {
    first_name: 'Adaeze',
    last_name: `Cluster${n}`,
    phone: '0803 123 4567',
    email: `adaeze${n}@example.ng`,
    address: `${n} Allen Avenue`,
    landmark: 'Opposite the filling station',
    state: 'lagos',
    lga: 'ikeja',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

export interface CreatedJob {
  id: string;
  code: string;
  status: string;
}

export const createAddressJob = (
  base: string,
  token: string,
  n: number,
  headers: Record<string, string> = {},
) =>
  call<CreatedJob>(base, 'POST', '/job/create-address', {
    token,
    form: addressJobForm(n),
    headers,
  });

/**
 * A job of `company` assigned by `admin` to `agentId`, and a capture link for it (the agent's
 * link, made again through the API so that its token is answered to us).
 */
export async function jobWithCaptureLink(
  base: string,
  tokens: { company: string; admin: string },
  agentId: string,
  n: number,
) {
  const job = expectStatus(await createAddressJob(base, tokens.company, n), 201, 'job create');
  const assigned = await call(base, 'PATCH', `/job/assign/agent/${agentId}`, {
    token: tokens.admin,
    json: { list: [job.id] },
  });
  expectStatus(assigned, 200, 'assign');
  const link = await call<{ token: string }>(base, 'POST', `/job/${job.id}/capture-link`, {
    token: tokens.admin,
  });
  return { job, token: expectStatus(link, 201, 'capture link').token };
}

/** Three distinct small JPEGs (random smooth pictures), as the wizard sends them. */
export async function capturePhotos() {
  const one = () =>
    sharp(randomBytes(6 * 5 * 3), { raw: { width: 6, height: 5, channels: 3 } })
      .resize(320, 240, { kernel: 'cubic' })
      .jpeg({ quality: 80 })
      .toBuffer();
  return { selfie: await one(), house: await one(), utility_bill: await one() };
}

export type CapturePhotos = Awaited<ReturnType<typeof capturePhotos>>;

/** A capture submission's form; `key` is its idempotency key (a new one by default). */
export function captureForm(photos: CapturePhotos, key: string = randomUUID()) {
  const form = new FormData();
  const fields = {
    lat: '6.6018',
    lng: '3.3515',
    accuracy: '12.5',
    location_text: 'Blue gate next to the pharmacy',
    captured_at: new Date().toISOString(),
    idempotency_key: key,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [kind, data] of Object.entries(photos)) {
    form.append(kind, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `${kind}.jpg`);
  }
  return form;
}

export const submitCapture = (base: string, token: string, form: FormData) =>
  call(base, 'POST', `/capture/${token}`, { form });
