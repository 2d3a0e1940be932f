import { describe, expect, it } from 'vitest';
import { maskEmail, scrubDetail } from '../../../server/services/audit';

const jwt =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
const apiKey = 'vb_live_3q2+7w-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const refresh = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';

/** Every text in a scrubbed detail, flattened, to search for what must not be there. */
const texts = (v: unknown): string => JSON.stringify(v);

describe('scrubDetail: the one gate of what an audit entry keeps', () => {
  it('leaves out secret keys whatever they hold, at any depth', () => {
    const out = scrubDetail({
      password: 'Company1234!',
      newPassword: 'Company1234!x',
      current_password: 'x',
      refreshToken: 'abc',
      secret: 's',
      apiKey: 'k',
      key: 'k',
      code: '123456',
      nin: '12345678901',
      ninNumber: '12345678901',
      bvn: '22222222222',
      authorization: 'Bearer x',
      nested: { token: 't', signature: 'sig', name: 'Ada' },
      name: 'Ada',
    });
    expect(out).toEqual({ nested: { name: 'Ada' }, name: 'Ada' });
  });

  it.each([
    'pass',
    'Password',
    'client_secret',
    'resetToken',
    'authorization',
    'cookie',
    'signature',
    'otp',
    'totp_code',
    'recovery',
    'apikey',
    'webhook_api_key',
    'key',
    'code',
    'nin',
    'subject_nin',
    'bvn',
    'owner_bvn',
    'card_number',
    'cvv',
    'user_pin',
  ])('leaves out the key %s', (key) => {
    expect(scrubDetail({ [key]: 'value', kept: 'yes' })).toEqual({ kept: 'yes' });
  });

  it.each(['monkey', 'keyboard', 'barcode', 'spinner', 'opinion', 'postcode'])(
    'keeps the innocent key %s',
    (key) => {
      expect(scrubDetail({ [key]: 'value' })).toEqual({ [key]: 'value' });
    },
  );

  it('redacts tokens and API keys wherever they hide, even under innocent keys', () => {
    const out = scrubDetail({
      reason: `pasted ${jwt} here`,
      note: apiKey,
      other: refresh,
      header: `Bearer ${refresh}`,
      list: [jwt, 'fine'],
    });
    const text = texts(out);
    expect(text).not.toContain('eyJ');
    expect(text).not.toContain('vb_live_');
    expect(text).not.toContain(refresh);
    expect(out.list).toEqual(['[redacted]', 'fine']);
  });

  it('keeps at most the last 3 digits of phone numbers and identity numbers, as text or numbers', () => {
    const out = scrubDetail({
      phone: '08031234567',
      phone_intl: '+2348031234567',
      spaced: '0803 123 4567',
      dashed: '+234-803-123-4567',
      reason: 'call me on 08031234567 or NIN 12345678901',
      numeric: 8031234567,
      identity: 12345678901,
      amount: 150000,
    });
    const text = texts(out);
    expect(text).not.toMatch(/\+?234\d{10}|0\d{10}|\d{11}/);
    expect(out.phone).toBe('***567');
    expect(out.phone_intl).toBe('***567');
    expect(out.reason).toBe('call me on ***567 or NIN ***901');
    expect(out.identity).toBe('***901');
    expect(out.amount).toBe(150000);
  });

  it('keeps ids, and URLs without their credentials or query', () => {
    const id = '3f8e2a8c-1b2d-4c3e-9f00-0a1b2c3d4e5f';
    const out = scrubDetail({
      jobId: id,
      url: 'https://user:hunter2@hooks.example.ng/in?sig=abc#frag',
    });
    expect(out).toEqual({ jobId: id, url: 'https://hooks.example.ng/in' });
  });

  it('stays small whatever it is sent: keys, depth, list length, text length', () => {
    const big = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`k${i}`, 'x'.repeat(5000)]),
    );
    const out = scrubDetail({ ...big, deep: { a: { b: { c: 1 } } } });
    expect(Object.keys(out)).toHaveLength(12);
    expect((out.k0 as string).length).toBeLessThanOrEqual(121);
    expect(JSON.stringify(scrubDetail({ deep: { a: { b: 1 } } }))).toBe(
      '{"deep":{"a":"[object]"}}',
    );
    const list = scrubDetail({ list: Array.from({ length: 500 }, (_, i) => i) }).list as unknown[];
    expect(list).toHaveLength(21);
    expect(JSON.stringify(scrubDetail({ x: big })).length).toBeLessThan(2500);
  });

  it('takes only plain objects: arrays, buffers, strings and null give an empty detail', () => {
    for (const body of [null, undefined, 'password=x', [1, 2], Buffer.from('x'), 42]) {
      expect(scrubDetail(body)).toEqual({});
    }
    const hostile = JSON.parse('{"__proto__": {"admin": true}, "constructor": "x"}') as unknown;
    expect(scrubDetail(hostile)).toEqual({ constructor: 'x' });
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
  });
});

describe('emails in detail', () => {
  it('are masked wherever they stand', () => {
    expect(scrubDetail({ email: 'amaka.obi@example.ng', owner_email: 'b@x.ng' })).toEqual({
      email: 'a***@example.ng',
      owner_email: 'b***@x.ng',
    });
  });
});

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('amaka.obi@example.ng')).toBe('a***@example.ng');
    expect(maskEmail('no-at-sign')).toBe('***');
  });
});
