import { Type, type TStringOptions } from 'typebox';
import type { TextFormat } from '../../reference/text';

export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), msg: Type.String() }))),
    code: Type.Optional(
      Type.String({ description: 'Why, for the client to act on: two_factor_setup_required' }),
    ),
  },
  { $id: 'ErrorBody' },
);

export const MessageBody = Type.Object({ message: Type.String() });

/**
 * Text on one line: what every name, address, reference and other one-line field is. The
 * characters refused are in reference/text.ts.
 */
export const SingleLine = (options: TStringOptions = {}) =>
  Type.String({ ...options, format: 'single-line' satisfies TextFormat });
/** Text that may span lines (tab, CR and LF), without other control characters. */
export const MultiLine = (options: TStringOptions = {}) =>
  Type.String({ ...options, format: 'multi-line' satisfies TextFormat });

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
export const Password = Type.String({ minLength: 8, maxLength: 200 });
export const PersonName = SingleLine({ minLength: 1, maxLength: 100 });
/** Checked as Nigerian by `normalizeNigerianPhone`; the schema only bounds it. */
export const Phone = SingleLine({ minLength: 1, maxLength: 30 });
export const Token = Type.String({ minLength: 1, maxLength: 200 });

/** A file answered as its bytes (an image, a PDF): the route names its types in `produces`. */
export const BinaryFile = (description: string) =>
  Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description });

/**
 * The error answers only this route gives (409, 422, 429…), for the OpenAPI document; those of
 * every route of its kind (400, 401, 403, 404, 413) are added by plugins/external/swagger.ts.
 */
export const errorResponses = (...codes: number[]) =>
  Object.fromEntries(codes.map((c) => [c, Type.Ref('ErrorBody')]));

/** ra-data-simple-rest's list parameters, each JSON in the query string (services/listParams.ts). */
export const ListQuery = (sortFields: readonly string[], filterDescription: string) =>
  Type.Object({
    sort: Type.Optional(
      Type.String({
        description:
          `JSON ["field","ASC"|"DESC"]; fields: ${sortFields.join(', ')}. ` +
          '`id` is the order of creation (ties broken by the id), as on every list',
      }),
    ),
    range: Type.Optional(
      Type.String({ description: 'JSON [first, last], inclusive; at most 1000 rows' }),
    ),
    filter: Type.Optional(Type.String({ description: filterDescription })),
  });
