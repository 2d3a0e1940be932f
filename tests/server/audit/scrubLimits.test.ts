import { describe, expect, it } from 'vitest';
import {
  auditActionPattern,
  exportActionPrefix,
  maskEmail,
  scrubDetail,
} from '../../../server/services/audit';

/**
 * The edges of what an audit entry keeps: where a number becomes a phone number, a text a token,
 * a list too long and an object too deep (scrub.test.ts covers what each rule is for).
 */

const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
/** One value scrubbed, as the detail keeps it under `v`. */
const one = (v: unknown) => scrubDetail({ v }).v;

describe('numbers and digit runs', () => {
  it('masks a run of 9 digits or more, with its separators, to its last 3', () => {
    expect(one('call 0803 123 4567 now')).toBe('call ***567 now');
    expect(one('ref 123-456-789')).toBe('ref ***789');
    expect(one('(080) 3123-4567')).toBe('(***567');
    // Eight digits, however long with separators, are no phone number or NIN.
    expect(one('code 123-456-78')).toBe('code 123-456-78');
    expect(one('12345678')).toBe('12345678');
  });

  it('masks an integer from 100,000,000 up; keeps smaller ones and fractions', () => {
    expect(one(100_000_000)).toBe('***000');
    expect(one(-2_348_031_234_567)).toBe('***567');
    expect(one(99_999_999)).toBe(99_999_999);
    expect(one(123_456_789.5)).toBe(123_456_789.5);
    expect(one(Number.NaN)).toBeNull();
  });
});

describe('texts', () => {
  it('keeps an id, and redacts a token, a bearer header or an API key whole', () => {
    expect(one(uuid)).toBe(uuid);
    expect(one(`x${uuid}`)).toBe('[redacted]');
    expect(one(`${uuid}x`)).toBe('[redacted]');
    expect(one('Bearer abc')).toBe('[redacted]');
    expect(one('the bearer cheque')).toBe('the bearer cheque');
    expect(one('eyJhbGciOiJ.abc')).toBe('[redacted]');
    expect(one('vb_live_x')).toBe('[redacted]');
    // 24 to 31 characters of a random token: redacted whole, not inside a sentence.
    expect(one('abc+def/ghi=jkl.mno_pqr-st')).toBe('[redacted]');
    expect(one('see abcdefghijklmnopqrstuvwx')).toBe('see abcdefghijklmnopqrstuvwx');
    expect(one('abcdefghijklmnopqrstuvwx yz')).toBe('abcdefghijklmnopqrstuvwx yz');
  });

  it('redacts a token inside a text, and leaves the rest', () => {
    expect(one('note eyJhbGciOiJIUzI1NiJ9 end')).toBe('note [redacted] end');
    // A JWT with its dots, or an API key, anywhere makes the whole text a token.
    expect(one('note eyJhbGciOiJ9.eyJzdWIiOiJ4In0.sig end')).toBe('[redacted]');
    expect(one('key vb_live_abc123 used')).toBe('[redacted]');
    expect(one(`a ${'x'.repeat(32)} b`)).toBe('a [redacted] b');
    expect(one(`a ${'x'.repeat(31)} b`)).toBe(`a ${'x'.repeat(31)} b`);
  });

  it('cuts a text over 120 characters, and keeps one of 120', () => {
    const words = (n: number) => 'ab '.repeat(n).slice(0, n);
    expect(one(words(120))).toBe(words(120));
    expect(one(words(121))).toBe(`${words(120)}…`);
  });

  it('keeps a URL to its host and path, over http or https only', () => {
    expect(one('http://hooks.example.ng/in?secret=1#x')).toBe('http://hooks.example.ng/in');
    expect(one('HTTPS://u:p@hooks.example.ng/in?s=1')).toBe('https://hooks.example.ng/in');
    expect(one('xhttps://hooks.example.ng/in?s=1')).toBe('xhttps://hooks.example.ng/in?s=1');
    expect(one('http://[::1')).toBe('http://[::1');
  });
});

describe('structure', () => {
  it('keeps null and booleans, and leaves out functions, dates and maps', () => {
    const out = scrubDetail({
      a: null,
      b: true,
      c: false,
      f: () => 1,
      d: new Date(0),
      m: new Map(),
      u: undefined,
      n: 10n,
      e: 1,
    });
    expect(out).toStrictEqual({ a: null, b: true, c: false, e: 1 });
  });

  it('keeps 20 items of a list and counts the rest; a list at depth 2 is counted only', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(one(list(20))).toEqual(list(20));
    expect(one(list(21))).toEqual([...list(20), '…1 more']);
    expect(one(list(25))).toEqual([...list(20), '…5 more']);
    expect(one([[1, 2, 3]])).toEqual(['[3 items]']);
    expect(scrubDetail({ o: { l: [1, 2] } })).toEqual({ o: { l: '[2 items]' } });
    expect(scrubDetail({ o: { p: { q: 1 } } })).toEqual({ o: { p: '[object]' } });
  });

  it('keeps an object without a prototype', () => {
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    expect(scrubDetail(bare)).toEqual({ a: 1 });
    expect(scrubDetail({ o: bare })).toEqual({ o: { a: 1 } });
  });

  it('names keys by their letters, digits and underscores, up to 40; an empty name is left out', () => {
    expect(scrubDetail({ 'first-name': 'Ada', '---': 1, ['k'.repeat(50)]: 2 })).toStrictEqual({
      firstname: 'Ada',
      ['k'.repeat(40)]: 2,
    });
    const hostile = scrubDetail(JSON.parse('{"__proto__": {"x": 1}, "y": 2}'));
    expect(hostile).toStrictEqual({ y: 2 });
    expect(Object.getPrototypeOf(hostile)).toBe(Object.prototype);
    expect((hostile as { x?: number }).x).toBeUndefined();
  });

  it('counts only the keys it keeps toward 12', () => {
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, i]));
    const out = scrubDetail({ f: () => 1, password: 'x', ...many, extra: 1 });
    expect(Object.keys(out)).toEqual(Object.keys(many));
  });

  it('masks an email only when it is text', () => {
    expect(scrubDetail({ contact_email: 'ada@ikoyi.ng', email_count: 3 })).toEqual({
      contact_email: 'a***@ikoyi.ng',
      email_count: 3,
    });
    // A long ASCII domain is token-like (redacted); an internationalised one is cut at 60.
    const domain = `${'ü'.repeat(70)}.ng`;
    expect(maskEmail(`a@${domain}`)).toBe(`a***@${domain.slice(0, 60)}`);
  });
});

describe('secret keys', () => {
  it.each(['codename', 'opening', 'discard_reason', 'xbvnx', 'keynote'])(
    'keeps %s, which only contains a secret word',
    (key) => expect(scrubDetail({ [key]: 'v' })).toEqual({ [key]: 'v' }),
  );

  it.each(['code', 'nin_number', 'user_nin', 'bvn_value', 'my_bvn', 'card_number', 'pin'])(
    'leaves out %s',
    (key) => expect(scrubDetail({ [key]: 'v' })).toEqual({}),
  );
});

describe('action names', () => {
  it('are lower-case dotted words', () => {
    for (const a of ['job.create', 'job.sms_link', 'a.b.c', 'v2.x']) {
      expect(auditActionPattern.test(a), a).toBe(true);
    }
    for (const a of [
      'job',
      'Job.create',
      'job.',
      '.job',
      'job..x',
      'job.create!',
      'x job.create',
    ]) {
      expect(auditActionPattern.test(a), a).toBe(false);
    }
  });

  it('of exports begin with export.', () => {
    expect('export.jobs'.startsWith(exportActionPrefix)).toBe(true);
    expect('job.export'.startsWith(exportActionPrefix)).toBe(false);
    expect('exports.jobs'.startsWith(exportActionPrefix)).toBe(false);
  });
});
