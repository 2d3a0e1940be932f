import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../server/config';
import { isLoopbackUrl } from '../../../server/services/captureLinks';
import {
  createLogSmsDriver,
  createTermiiDriver,
  smsAttempts,
  type TermiiSettings,
} from '../../../server/services/sms';
import { configFromEnv, type TestContext } from '../helpers';
import { createJobsTestApp } from '../jobs/support';
import { agentJob, cast, detail, type Cast } from '../capture/support';

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A stand-in for Termii on 127.0.0.1: records each request and answers as `answer` says. */
let answer: (n: number, res: ServerResponse) => void = (_n, res) => res.end('{}');
const received: Received[] = [];
let receiver: Server;
let baseUrl: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push({
        method: req.method!,
        path: req.url!,
        headers: req.headers,
        body: JSON.parse(raw || 'null'),
      });
      answer(received.length, res);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const settings = (over: Partial<TermiiSettings> = {}): TermiiSettings => ({
  apiKey: 'TLtestkey123',
  senderId: 'VerifyNG',
  baseUrl,
  timeoutMs: 2000,
  ...over,
});

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('Termii driver', () => {
  it("POSTs Termii's JSON to /api/sms/send, the number in international form without +", async () => {
    received.length = 0;
    answer = (_n, res) =>
      json(res, 200, { message_id: '9122821270554876574', message: 'Successfully Sent' });
    const receipt = await createTermiiDriver(settings()).send({
      to: '+2348031234567',
      text: 'Verification job JOB-000001: open https://verify.example.ng/x',
    });
    expect(receipt).toEqual({ providerMessageId: '9122821270554876574' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', path: '/api/sms/send' });
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.body).toEqual({
      api_key: 'TLtestkey123',
      to: '2348031234567',
      from: 'VerifyNG',
      sms: 'Verification job JOB-000001: open https://verify.example.ng/x',
      type: 'plain',
      channel: 'generic',
    });
  });

  it("a 4xx or 5xx is a failure naming the provider's status and answer", async () => {
    answer = (_n, res) => json(res, 401, { message: 'Invalid API key' });
    await expect(
      createTermiiDriver(settings()).send({ to: '+2348031234567', text: 'x' }),
    ).rejects.toThrow('Termii answered 401: {"message":"Invalid API key"}');
    answer = (_n, res) => json(res, 503, {});
    await expect(
      createTermiiDriver(settings()).send({ to: '+2348031234567', text: 'x' }),
    ).rejects.toThrow('Termii answered 503');
  });

  it('gives up on a provider that does not answer within its timeout', async () => {
    answer = () => undefined; // never answers
    const started = Date.now();
    await expect(
      createTermiiDriver(settings({ timeoutMs: 300 })).send({ to: '+2348031234567', text: 'x' }),
    ).rejects.toThrow('Termii did not answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('log driver', () => {
  it('prints the text with its number to the log and keeps it for tests', async () => {
    const lines: Array<{ obj: unknown; msg: string }> = [];
    const log = { info: (obj: unknown, msg: string) => lines.push({ obj, msg }) };
    const driver = createLogSmsDriver(log as never);
    await driver.send({ to: '+2348031234567', text: 'hello https://x.test/a' });
    expect(driver.outbox).toEqual([{ to: '+2348031234567', text: 'hello https://x.test/a' }]);
    expect(lines).toEqual([
      {
        obj: { smsTo: '+2348031234567' },
        msg: 'SMS printed here as SMS_DRIVER is log:\nhello https://x.test/a',
      },
    ]);
  });
});

describe('sending through the queue with Termii', () => {
  let ctx: TestContext;
  let c: Cast;
  beforeAll(async () => {
    ctx = await createJobsTestApp({
      sms: { driver: 'termii', retryDelaySeconds: 0, termii: settings() },
    });
    c = await cast(ctx.app, ctx.db);
  });
  afterAll(() => ctx.close());

  const send = async () => {
    const { job } = await agentJob(ctx.app, ctx.db, c);
    received.length = 0;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/job/${job.id}/capture-link/sms`,
      headers: c.admin.headers,
      payload: { phone: '08031234567' },
    });
    expect(res.statusCode).toBe(202);
    await ctx.app.sms.idle();
    return (await detail(ctx.app, c.admin.headers, job.id)).capture.sms;
  };

  it('a refusal is recorded and tried again; the job page shows "sent" once Termii takes it', async () => {
    answer = (n, res) => (n < 3 ? json(res, 503, { message: 'busy' }) : json(res, 200, {}));
    const sms = await send();
    expect(received).toHaveLength(3);
    expect(sms).toMatchObject({ status: 'sent', attempts: 3, error: null });
  });

  it(`after ${smsAttempts} refusals the text is given up: "failed" with the last error, never a 500`, async () => {
    answer = (_n, res) => json(res, 500, { message: 'down' });
    const sms = await send();
    expect(received).toHaveLength(smsAttempts);
    expect(sms).toMatchObject({
      status: 'failed',
      attempts: smsAttempts,
      error: 'Termii answered 500: {"message":"down"}',
    });
    const r = await ctx.db.query<{ body: string | null }>(
      'SELECT body FROM sms_outbox WHERE failed_at IS NOT NULL',
    );
    expect(r.rows.every((row) => row.body === null)).toBe(true);
  });
});

describe('configuration', () => {
  it('log by default; termii with its key, sender and base URL', () => {
    expect(configFromEnv({}).sms).toEqual({ driver: 'log', retryDelaySeconds: 30 });
    expect(
      configFromEnv({
        SMS_DRIVER: 'termii',
        TERMII_API_KEY: 'k',
        TERMII_SENDER_ID: 'VerifyNG',
      }).sms,
    ).toEqual({
      driver: 'termii',
      retryDelaySeconds: 30,
      termii: {
        apiKey: 'k',
        senderId: 'VerifyNG',
        baseUrl: 'https://api.ng.termii.com',
        timeoutMs: 10_000,
      },
    });
  });

  it('refuses to start with termii but no key, no sender, or an unknown driver', () => {
    expect(() => configFromEnv({ SMS_DRIVER: 'termii', TERMII_SENDER_ID: 'VerifyNG' })).toThrow(
      /^SMS_DRIVER=termii needs TERMII_API_KEY/,
    );
    expect(() => configFromEnv({ SMS_DRIVER: 'termii', TERMII_API_KEY: 'k' })).toThrow(
      /^SMS_DRIVER=termii needs TERMII_SENDER_ID/,
    );
    expect(() => configFromEnv({ SMS_DRIVER: 'twilio' })).toThrow(ConfigError);
  });
});

describe('loopback PUBLIC_URL', () => {
  it.each([
    ['http://localhost:3000', true],
    ['http://LOCALHOST', true],
    ['http://app.localhost:3000', true],
    ['http://127.0.0.1:3000', true],
    ['http://127.0.0.2', true],
    ['http://[::1]:3000', true],
    ['http://0.0.0.0:3000', true],
    ['http://[::ffff:127.0.0.1]:3000', true],
    ['http://192.168.1.20:3000', false],
    ['http://10.0.0.5:3000', false],
    ['https://verify.example.ng', false],
    ['https://localhost.example.ng', false],
    ['not a url', false],
  ])('%s → %s', (url, loopback) => {
    expect(isLoopbackUrl(url)).toBe(loopback);
  });
});
