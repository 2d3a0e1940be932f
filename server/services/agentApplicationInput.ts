import { isEmailAddress } from '../../reference/email';
import { findLga, findState } from '../../reference/locations';
import { isNin } from '../../reference/nin';
import { badRequest, type FieldError } from '../errors';
import type { NewAgentApplication } from '../repositories/agentApplications';
import type { UploadedFile } from '../schemas/jobs';
import { checkBankAccount } from './bankAccount';
import { withoutMetadata } from './images';
import { normalizeNigerianPhone } from './phone';
import { sniffFileType } from './storage';

/** Larger than any phone photo, small enough for a mobile upload. */
export const maxAgentPhotoBytes = 5 * 1024 * 1024;

type Fields = Record<string, unknown>;
export type CheckedApplication = Omit<NewAgentApplication, 'photo_key' | 'photo_sha256'>;

/**
 * The application's text fields, each checked (all the errors at once, each naming its field):
 * names, email, a Nigerian phone as +234…, a state and LGAs of that state, an 11-digit NIN and
 * the bank account (services/bankAccount.ts).
 */
export function checkApplicationFields(body: Fields): CheckedApplication {
  const errors: FieldError[] = [];
  const fail = (field: string, msg: string) => errors.push({ field, msg });
  const text = (field: string) => (typeof body[field] === 'string' ? body[field].trim() : '');
  const required = (field: string, label: string) => {
    const v = text(field);
    if (!v) fail(field, `${label} is required`);
    return v;
  };

  const first_name = required('first_name', 'first_name');
  const last_name = required('last_name', 'last_name');
  const mail = required('email', 'email');
  if (mail && !isEmailAddress(mail)) fail('email', 'email must be an email address');

  let phone = '';
  const rawPhone = required('phone', 'phone');
  if (rawPhone) {
    try {
      phone = normalizeNigerianPhone(rawPhone);
    } catch {
      fail('phone', 'phone must be a valid Nigerian phone number');
    }
  }

  const stateInput = required('state', 'state');
  const state = stateInput ? findState(stateInput) : undefined;
  if (stateInput && !state) fail('state', `state "${stateInput}" is not a Nigerian state`);
  const rawLgas = ([] as unknown[]).concat(body.lgas ?? []);
  const lgas: string[] = [];
  if (!rawLgas.some((l) => typeof l === 'string' && l.trim())) {
    fail('lgas', 'lgas: choose at least one LGA you cover');
  } else if (state) {
    for (const l of rawLgas) {
      const lga = typeof l === 'string' ? findLga(state.alias, l) : undefined;
      if (!lga) {
        fail('lgas', `lgas: "${String(l)}" is not an LGA of ${state.name}`);
        break;
      }
      if (!lgas.includes(lga)) lgas.push(lga);
    }
  }

  const nin = required('nin', 'nin');
  if (nin && !isNin(nin)) fail('nin', 'nin must be 11 digits');

  const bank = checkBankAccount(body, fail);

  if (errors.length) throw badRequest(errors[0]!.msg, errors);
  return {
    first_name,
    last_name,
    email: mail,
    phone,
    state: state!.alias,
    lgas,
    nin,
    ...bank,
  };
}

/**
 * The applicant's photo as we keep it: a JPEG or PNG by its bytes that decodes in full,
 * re-encoded without its metadata (EXIF, GPS).
 */
export async function checkApplicationPhoto(file: UploadedFile | undefined) {
  const msg = 'photo must be a JPEG or PNG image';
  const kind = file?.data.length ? sniffFileType(file.data) : undefined;
  if (!file || !kind || kind.contentType === 'application/pdf') {
    throw badRequest(msg, [{ field: 'photo', msg }]);
  }
  const format = kind.contentType === 'image/png' ? 'png' : 'jpeg';
  try {
    return { data: await withoutMetadata(file.data, format), extension: kind.extension };
  } catch {
    throw badRequest(msg, [{ field: 'photo', msg }]);
  }
}
