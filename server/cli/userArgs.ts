import { parseArgs } from 'node:util';
import { isEmailAddress } from '../../reference/email';
import { normalizeNigerianPhone } from '../services/phone';

export const usage = `Usage: npm run user:create -- --role admin|company|agent --email E --password P
       --first-name F --last-name L [--company-name C] [--phone 080…]`;

const cliRoles = ['admin', 'company', 'agent'] as const;

/** Checks the arguments; returns the user to create or the reasons it cannot be. */
export function parseUserArgs(argv: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        role: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        'company-name': { type: 'string' },
        phone: { type: 'string' },
      },
      strict: true,
    }));
  } catch (err) {
    return { problems: [(err as Error).message] };
  }
  const problems: string[] = [];
  const role = values.role as (typeof cliRoles)[number];
  if (!cliRoles.includes(role)) problems.push('--role must be one of admin, company, agent');
  if (!values.email || !isEmailAddress(values.email))
    problems.push('--email must be an email address');
  if (!values.password || values.password.length < 8)
    problems.push('--password must be at least 8 characters');
  if (!values['first-name']?.trim()) problems.push('--first-name is required');
  if (!values['last-name']?.trim()) problems.push('--last-name is required');
  if (values.phone !== undefined) {
    try {
      normalizeNigerianPhone(values.phone, '--phone');
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  if (problems.length) return { problems };
  return {
    user: {
      role,
      email: values.email!,
      password: values.password!,
      first_name: values['first-name']!,
      last_name: values['last-name']!,
      company_name: values['company-name'],
      phone: values.phone,
    },
  };
}
