import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { fieldError, type FieldError } from '../../errors';
import { emailPattern } from '../../../reference/email';
import { textFormatMessage, textFormats, type TextFormat } from '../../../reference/text';

/**
 * Bodies are validated strictly (a number where a string belongs is an error, not coerced);
 * query strings and path parameters arrive as text, so there types are coerced.
 */
export function installValidation(app: FastifyInstance) {
  const base = {
    allErrors: true,
    useDefaults: true,
    removeAdditional: true,
    strict: false,
  } as const;
  const strict = addFormats(new Ajv({ ...base, coerceTypes: false }));
  const coercing = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));
  for (const ajv of [strict, coercing]) {
    for (const [name, allowed] of Object.entries(textFormats)) ajv.addFormat(name, allowed);
    ajv.addFormat('email', emailPattern);
  }
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? strict : coercing).compile(schema),
  );
  // After validation, when multipart fields have been attached to the body too.
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = nulCharacterAt(value);
      if (field !== undefined) {
        throw fieldError(field || part, `${field || part} must not contain a NUL character`);
      }
    }
  });
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const fields = toFieldErrors(errors);
    const err = new Error(fields[0]?.msg ?? `Invalid ${dataVar}`) as Error & {
      fieldErrors: FieldError[];
      statusCode: number;
    };
    err.fieldErrors = fields;
    err.statusCode = 400;
    return err;
  });
}

/** Ajv's errors as `{field, msg}` with the field named in the message. */
export function toFieldErrors(errors: FastifySchemaValidationError[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of errors as ErrorObject[]) {
    const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const missing = (e.params as { missingProperty?: string }).missingProperty;
    const field = missing ? (path ? `${path}.${missing}` : missing) : path || 'body';
    if (seen.has(field)) continue; // one message per field is enough for a person
    seen.add(field);
    out.push({ field, msg: describe(field, e) });
  }
  return out;
}

function describe(field: string, e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `${field} is required`;
    case 'type':
      return `${field} must be a ${String(p.type)}`;
    case 'minLength':
      return p.limit === 1
        ? `${field} must not be empty`
        : `${field} must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `${field} must be at most ${String(p.limit)} characters`;
    case 'format':
      if (String(p.format) in textFormats) return textFormatMessage(field, p.format as TextFormat);
      return `${field} must be a valid ${String(p.format)}`;
    case 'enum':
      return `${field} must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'minimum':
    case 'maximum':
      return `${field} must be ${e.keyword === 'minimum' ? '>=' : '<='} ${String(p.limit)}`;
    default:
      return `${field} ${e.message ?? 'is invalid'}`;
  }
}

/**
 * Where a NUL character (U+0000) hides in a request part, as a dotted field path ('' for the part
 * itself), or undefined. PostgreSQL text and jsonb cannot hold it, so it would fail deep in a
 * query as a 500; file contents (Buffers) may hold any byte and are not looked into.
 */
export function nulCharacterAt(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']]; // a loop, not recursion: any depth is safe
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [v, path] = next;
    if (typeof v === 'string') {
      if (v.includes('\0')) return path;
    } else if (typeof v === 'object' && v !== null && !Buffer.isBuffer(v)) {
      for (const [k, item] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (k.includes('\0')) return path; // a field name: the part or object holding it
        pending.push([item, at]);
      }
    }
  }
  return undefined;
}
