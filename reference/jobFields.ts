/**
 * Validates a job's fields for its kind: the one check behind the single-create route, the bulk
 * importer and (if it likes) the web form. Input values may be strings or numbers (spreadsheet
 * cells); answers the normalised fields (trimmed, phones as +234…, state as its alias, LGA in its
 * canonical spelling) or every problem as `{field, msg}`.
 */
import { isEmailAddress } from './email';
import { jobFieldDefs, type JobFieldDef, type JobKind } from './jobKinds';
import { findLga, findState } from './locations';
import { isBvn, isNin } from './nin';
import { toNigerianPhone } from './phone';
import { textFormatMessage, textFormats } from './text';

export interface JobFieldError {
  field: string;
  msg: string;
}

export interface ValidJobFields {
  /** The kind's own fields except state and LGA, by wire name; empty optional ones left out. */
  fields: Record<string, string>;
  state: string;
  lga: string;
  /** Who or what is verified: listed and searched. */
  subjectName: string;
}

export type JobFieldsResult =
  { ok: true; value: ValidJobFields } | { ok: false; errors: JobFieldError[] };

const asText = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return '';
};

const choiceKey = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s\-_.']+/g, '');

function checkField(def: JobFieldDef, value: string): { value?: string; msg?: string } {
  if (value.length > def.maxLength) {
    return { msg: `${def.name} must be at most ${def.maxLength} characters` };
  }
  if (!textFormats['single-line'].test(value)) {
    return { msg: textFormatMessage(def.name, 'single-line') };
  }
  switch (def.type) {
    case 'phone': {
      const phone = toNigerianPhone(value);
      return phone
        ? { value: phone }
        : { msg: `${def.name} must be a valid Nigerian phone number` };
    }
    case 'email':
      return isEmailAddress(value)
        ? { value }
        : { msg: `${def.name} must be a valid email address` };
    case 'choice': {
      const k = choiceKey(value);
      const c = def.choices?.find((c) => choiceKey(c.value) === k || choiceKey(c.label) === k);
      return c
        ? { value: c.value }
        : { msg: `${def.name} must be one of: ${def.choices?.map((c) => c.value).join(', ')}` };
    }
    default:
      return { value };
  }
}

/** Kind-specific rules that involve more than one field, or a field's own format. */
function crossCheck(kind: JobKind, f: Record<string, string>, errors: JobFieldError[]) {
  if (kind === 'address') {
    if (f.id_type && !f.id_number) {
      errors.push({ field: 'id_number', msg: 'id_number is required when id_type is given' });
    } else if (f.id_number && !f.id_type && !errors.some((e) => e.field === 'id_type')) {
      errors.push({ field: 'id_type', msg: 'id_type is required when id_number is given' });
    } else if ((f.id_type === 'nin' || f.id_type === 'bvn') && f.id_number) {
      const digits = f.id_number.replace(/\s/g, '');
      if (!(f.id_type === 'nin' ? isNin(digits) : isBvn(digits))) {
        errors.push({ field: 'id_number', msg: `A ${f.id_type.toUpperCase()} has 11 digits` });
      } else f.id_number = digits;
    }
  }
  if ((kind === 'business' || kind === 'business_address') && f.cac_number) {
    const m = /^(BN|RC|IT)?[\s\-/]*(\d{1,8})$/i.exec(f.cac_number);
    if (!m) {
      errors.push({
        field: 'cac_number',
        msg: 'cac_number must be a CAC registration number such as RC123456 or BN1234567',
      });
    } else {
      const prefix = m[1]?.toUpperCase();
      const type = f.cac_type ?? prefix;
      if (prefix && f.cac_type && prefix !== f.cac_type) {
        errors.push({
          field: 'cac_number',
          msg: `cac_number starts with ${prefix} but cac_type is ${f.cac_type}`,
        });
      } else f.cac_number = `${type ?? ''}${m[2]}`;
    }
  }
  if (kind === 'product' && f.nafdac_number) {
    const v = f.nafdac_number.toUpperCase().replace(/\s+/g, '');
    if (!/^[A-Z0-9]{1,4}(-[A-Z0-9]{2,10}){1,2}$|^[A-Z0-9]{4,12}$/.test(v)) {
      errors.push({
        field: 'nafdac_number',
        msg: 'nafdac_number must be a NAFDAC registration number such as A1-1234',
      });
    } else f.nafdac_number = v;
  }
}

const subjectNameOf = (kind: JobKind, f: Record<string, string>) => {
  switch (kind) {
    case 'address':
      return `${f.first_name} ${f.last_name}`;
    case 'business':
    case 'business_address':
      return f.business_name ?? '';
    case 'product':
      return `${f.product_name} (${f.brand})`;
  }
};

/** Checks `raw` against the kind's fields; unknown keys are ignored. */
export function validateJobFields(kind: JobKind, raw: Record<string, unknown>): JobFieldsResult {
  const errors: JobFieldError[] = [];
  const fields: Record<string, string> = {};
  let state: string | undefined;
  let lga: string | undefined;
  for (const def of jobFieldDefs[kind]) {
    const text = asText(raw[def.name]);
    if (!text) {
      if (def.required) errors.push({ field: def.name, msg: `${def.name} is required` });
      continue;
    }
    if (def.type === 'state') {
      state = findState(text)?.alias;
      if (!state) errors.push({ field: 'state', msg: `state "${text}" is not a Nigerian state` });
      continue;
    }
    if (def.type === 'lga') {
      if (!state) continue; // judged once the state is known
      lga = findLga(state, text);
      if (!lga) {
        const name = findState(state)?.name ?? state;
        errors.push({ field: 'lga', msg: `lga "${text}" is not an LGA of ${name}` });
      }
      continue;
    }
    const checked = checkField(def, text);
    if (checked.msg) errors.push({ field: def.name, msg: checked.msg });
    else fields[def.name] = checked.value!;
  }
  crossCheck(kind, fields, errors);
  if (errors.length || !state || !lga) return { ok: false, errors };
  return { ok: true, value: { fields, state, lga, subjectName: subjectNameOf(kind, fields) } };
}
