import { describe, expect, it } from 'vitest';
import { parseUserArgs, usage } from '../../../server/cli/userArgs';

const valid = [
  '--role',
  'company',
  '--email',
  'owner@lender.ng',
  '--password',
  'password123',
  '--first-name',
  'Tola',
  '--last-name',
  'Ade',
];

/** `valid` with one option changed, or removed when `value` is undefined. */
function withOption(name: string, value: string | undefined) {
  const args = [...valid];
  const i = args.indexOf(`--${name}`);
  if (i >= 0) args.splice(i, 2);
  return value === undefined ? args : [...args, `--${name}`, value];
}

describe('parseUserArgs', () => {
  it('returns the user for valid arguments', () => {
    expect(
      parseUserArgs([...valid, '--company-name', 'Lender Ltd', '--phone', '0803 123 4567']),
    ).toEqual({
      user: {
        role: 'company',
        email: 'owner@lender.ng',
        password: 'password123',
        first_name: 'Tola',
        last_name: 'Ade',
        company_name: 'Lender Ltd',
        phone: '0803 123 4567',
      },
    });
  });

  it('leaves the optional company name and phone out when not given', () => {
    const { user } = parseUserArgs(valid);
    expect(user?.company_name).toBeUndefined();
    expect(user?.phone).toBeUndefined();
  });

  it.each(['admin', 'company', 'agent'])('accepts the role %s', (role) => {
    expect(parseUserArgs(withOption('role', role)).user?.role).toBe(role);
  });

  it.each([
    ['role', 'sub-admin', '--role must be one of admin, company, agent'],
    ['role', 'Admin', '--role must be one of admin, company, agent'],
    ['role', undefined, '--role must be one of admin, company, agent'],
    ['email', 'no-at-sign', '--email must be an email address'],
    ['email', 'a b@c.ng', '--email must be an email address'],
    ['email', undefined, '--email must be an email address'],
    ['password', '1234567', '--password must be at least 8 characters'],
    ['password', undefined, '--password must be at least 8 characters'],
    ['first-name', '   ', '--first-name is required'],
    ['first-name', undefined, '--first-name is required'],
    ['last-name', '', '--last-name is required'],
    ['phone', '12345', '--phone must be a valid Nigerian phone number'],
    ['phone', '+44 20 7946 0958', '--phone must be a valid Nigerian phone number'],
  ])('refuses --%s %j', (name, value, problem) => {
    expect(parseUserArgs(withOption(name, value))).toEqual({ problems: [problem] });
  });

  it('accepts a password of exactly 8 characters', () => {
    expect(parseUserArgs(withOption('password', '12345678')).user?.password).toBe('12345678');
  });

  it('lists every problem at once', () => {
    expect(parseUserArgs([]).problems).toHaveLength(5);
  });

  it('refuses unknown options and options without a value', () => {
    expect(parseUserArgs([...valid, '--admin']).problems?.[0]).toMatch(/admin/);
    expect(parseUserArgs(withOption('email', undefined).concat('--email')).problems?.[0]).toMatch(
      /email/,
    );
    expect(parseUserArgs([...valid, 'stray']).problems?.[0]).toMatch(/stray/);
  });

  it('documents the command in its usage text', () => {
    for (const option of [
      '--role',
      '--email',
      '--password',
      '--first-name',
      '--last-name',
      '--company-name',
    ]) {
      expect(usage).toContain(option);
    }
  });
});
