import { Type, type TStringOptions } from 'typebox';

export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), msg: Type.String() }))),
  },
  { $id: 'ErrorBody' },
);

export const MessageBody = Type.Object({ message: Type.String() });

/**
 * Characters no text we keep may hold: control characters (C0, DEL, C1), line and paragraph
 * separators and the bidirectional embeddings, overrides and isolates (U+202E shows
 * `gpj.exe` as `exe.jpg`). Single-line fields (names, addresses, references) refuse line breaks
 * and tabs too; multi-line ones (message bodies, reasons) keep tab, CR and LF. The validator
 * registers these as string formats (plugins/app/validation.ts): a 400 naming the field.
 */
/* eslint-disable no-control-regex -- control characters are what these refuse */
export const textFormats = {
  'single-line': /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/,
  'multi-line':
    /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/,
} as const;
/* eslint-enable no-control-regex */

/** Text on one line: what every name, address, reference and other one-line field is. */
export const SingleLine = (options: TStringOptions = {}) =>
  Type.String({ ...options, format: 'single-line' });
/** Text that may span lines (tab, CR and LF), without other control characters. */
export const MultiLine = (options: TStringOptions = {}) =>
  Type.String({ ...options, format: 'multi-line' });

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
export const Password = Type.String({ minLength: 8, maxLength: 200 });
export const PersonName = SingleLine({ minLength: 1, maxLength: 100 });
/** Checked as Nigerian by `normalizeNigerianPhone`; the schema only bounds it. */
export const Phone = SingleLine({ minLength: 1, maxLength: 30 });
export const Token = Type.String({ minLength: 1, maxLength: 200 });

/** The standard error answers, for the OpenAPI document. */
export const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((c) => [c, Type.Ref('ErrorBody')]));

/** ra-data-simple-rest's list parameters, each JSON in the query string (services/listParams.ts). */
export const ListQuery = (sortFields: readonly string[], filterDescription: string) =>
  Type.Object({
    sort: Type.Optional(
      Type.String({ description: `JSON ["field","ASC"|"DESC"]; fields: ${sortFields.join(', ')}` }),
    ),
    range: Type.Optional(
      Type.String({ description: 'JSON [first, last], inclusive; at most 1000 rows' }),
    ),
    filter: Type.Optional(Type.String({ description: filterDescription })),
  });
