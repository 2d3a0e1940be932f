import fc from 'fast-check';

/**
 * Requests generated from the OpenAPI document the app serves: for each operation, path
 * parameters, query strings and bodies drawn from its schemas, valid and invalid, in the content
 * types it takes and in others.
 */

export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  description?: string;
}

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
  description?: string;
}

export interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> };
}

export interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export interface FuzzOperation {
  method: string;
  path: string;
  op: Operation;
}

export const operationsOf = (doc: Document): FuzzOperation[] =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

/** What a generated request carries besides its operation; `caller` names a role. */
export interface GeneratedRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was meant: a body drawn from the schema, or one made to be wrong. */
  bodyKind: 'none' | 'valid' | 'invalid' | 'wrong-type' | 'multipart-junk';
}

/** Real values of the database: ids of rows of every tenant, capture tokens, emails. */
export interface Pools {
  ids: string[];
  /** The ids of each table's rows, for the path parameter that names that resource. */
  idsOf: Record<string, string[]>;
  tokens: string[];
  emails: string[];
  /** A small JPEG that decodes: a photo field's valid value. */
  jpeg: Buffer;
}

// ---------- values from a schema ----------

const resolve = (doc: Document, s: Schema): Schema => {
  if (!s.$ref) return s;
  const name = s.$ref.replace('#/components/schemas/', '');
  return doc.components.schemas[name] ?? {};
};

/** The table whose ids a body field of this name holds (`list`: the jobs of a bulk move). */
const idTableByField: Record<string, string> = {
  company_id: 'companies',
  recipient_id: 'accounts',
  agent_id: 'accounts',
  account_id: 'accounts',
  job_id: 'jobs',
  list: 'jobs',
  ids: 'jobs',
  job_ids: 'jobs',
};

/** Values a field of this name takes, for bodies that reach past validation. */
const plausible: [RegExp, string][] = [
  [/phone/, '0803 123 4567'],
  [/email/, 'ada.obi@example.ng'],
  [/^state$/, 'lagos'],
  [/^lgas?$/, 'ikeja'],
  [/^(nin|id_number)$/, '12345678901'],
  [/^id_type$/, 'nin'],
  [/^bank_code$/, '035'],
  [/^account_number$/, '0123456789'],
  [/^cac_type$/, 'RC'],
  [/^cac_number$/, 'RC123456'],
  [/^nafdac_number$/, 'A1-1234'],
];

/** Text that is hard on parsers and databases: NUL, lone surrogates, right-to-left, emoji. */
const nastyText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '👩🏾‍💻🇳🇬',
  "'; DROP TABLE jobs; --",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '..%2f..%2f',
  '<script>alert(1)</script>',
  '{"a":',
  'null',
  'NaN',
  '-0',
  '1e309',
  '9'.repeat(40),
  '0000-00-00',
  '2024-02-30',
  '0001-01-01T00:00:00Z',
  '275760-09-13T00:00:00Z',
  '\r\n',
  '\t',
);

const longText = fc.integer({ min: 1_001, max: 70_000 }).map((n) => 'x'.repeat(n));

/** Junk short enough for a URL or a header. */
const shortJunk: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyText },
  { weight: 3, arbitrary: fc.string({ maxLength: 40, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20, unit: 'binary' }) },
);

export const junkText: fc.Arbitrary<string> = fc.oneof(
  { weight: 7, arbitrary: shortJunk },
  { weight: 1, arbitrary: longText },
);

const junkNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 1e-9, 0.5, -0.0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Anything JSON can hold, nested. */
export const junkJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkText,
    junkNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), nastyText), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** A value the schema accepts (as far as formats and patterns let us know). */
export function validValue(
  doc: Document,
  raw: Schema,
  pools: Pools,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(doc, raw);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((a) => validValue(doc, a, pools, depth + 1)));
  if (s.allOf)
    return validValue(doc, Object.assign({}, ...s.allOf.map((a) => resolve(doc, a))), pools, depth);
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (type.length > 1)
    return fc.oneof(...type.map((t) => validValue(doc, { ...s, type: t }, pools, depth)));
  switch (type[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1e6);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1e9);
      return type[0] === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
        : fc.double({ min, max: Math.max(min, max), noNaN: true });
    }
    case 'string':
      return stringFor(s, pools);
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const item = s.items ? validValue(doc, s.items, pools, depth + 1) : junkJson;
      return fc.array(item, {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, 4),
      });
    }
    case 'object':
    default:
      if (!s.properties)
        return depth > 4
          ? fc.constant({})
          : fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), {
              maxKeys: 3,
            });
      return objectFor(doc, s, pools, depth);
  }
}

function objectFor(doc: Document, s: Schema, pools: Pools, depth: number) {
  const required = new Set(s.required ?? []);
  const props = Object.entries(s.properties ?? {});
  // A field named like a phone, a state or an account number gets such a value most times.
  const valueOf = (name: string, p: Schema) => {
    const known = plausible.find(([re]) => re.test(name))?.[1];
    const drawn = validValue(doc, p, pools, depth + 1);
    const field = resolve(doc, p);
    const ids = pools.idsOf[idTableByField[name] ?? ''];
    if (ids?.length && field.type === 'string') return fc.oneof(fc.constantFrom(...ids), drawn);
    if (ids?.length && field.type === 'array') {
      return fc.oneof(fc.array(fc.constantFrom(...ids), { minLength: 1, maxLength: 3 }), drawn);
    }
    return known && field.type === 'string' ? fc.oneof(fc.constant(known), drawn) : drawn;
  };
  return fc
    .tuple(
      ...props.map(([name, p]) =>
        required.has(name)
          ? valueOf(name, p).map((v) => [name, v] as const)
          : fc.option(valueOf(name, p), { nil: undefined }).map((v) => [name, v] as const),
      ),
    )
    .map((entries) => Object.fromEntries(entries.filter(([, v]) => v !== undefined)));
}

function stringFor(s: Schema, pools: Pools): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, s.maxLength ?? 60);
  // Padded or cut to the schema's lengths: a filter would spin when few values fit.
  const fit = (a: fc.Arbitrary<string>) => a.map((x) => x.padEnd(min, 'a').slice(0, max));
  const day = fc.date({
    min: new Date('2000-01-01'),
    max: new Date('2100-01-01'),
    noInvalidDate: true,
  });
  switch (s.format) {
    case 'uuid':
      return pools.ids.length ? fc.oneof(fc.constantFrom(...pools.ids), fc.uuid()) : fc.uuid();
    case 'email':
      return fc.oneof(fc.constantFrom(...pools.emails), fc.emailAddress());
    case 'date-time':
      return day.map((d) => d.toISOString());
    case 'date':
      return day.map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl();
  }
  if (s.pattern) {
    try {
      // Patterns set their own lengths (a SHA-256 is 64 characters whatever the default).
      return fc.stringMatching(new RegExp(s.pattern), { size: 'xsmall' });
    } catch {
      // A pattern fast-check cannot read: plain text below.
    }
  }
  return fit(
    fc.oneof(
      fc.string({ maxLength: Math.min(max, 40) }),
      fc.constantFrom(
        'lagos',
        'ikeja',
        'address',
        'Ada Obi',
        '08031234567',
        '2024-05-01',
        '0123456789',
      ),
    ),
  );
}

/** A value the schema refuses, or one it may accept by chance: wrong types, junk, extremes. */
export function invalidBody(
  doc: Document,
  raw: Schema | undefined,
  pools: Pools,
): fc.Arbitrary<unknown> {
  const s = raw ? resolve(doc, raw) : {};
  const junk = junkJson;
  if (!s.properties) return junk;
  const valid = validValue(doc, s, pools) as fc.Arbitrary<Record<string, unknown>>;
  const names = Object.keys(s.properties);
  return fc.oneof(
    junk,
    // A required field left out.
    s.required?.length
      ? fc.tuple(valid, fc.constantFrom(...s.required)).map(([v, k]) => {
          const copy = { ...v };
          delete copy[k];
          return copy;
        })
      : valid,
    // One field of the wrong type or junk.
    fc.tuple(valid, fc.constantFrom(...names), junk).map(([v, k, j]) => ({ ...v, [k]: j })),
    // Fields the schema does not know.
    fc
      .tuple(valid, fc.dictionary(fc.string({ maxLength: 10 }), junk, { minKeys: 1, maxKeys: 3 }))
      .map(([v, extra]) => ({ ...extra, ...v })),
    // Every field null.
    fc.constant(Object.fromEntries(names.map((k) => [k, null]))),
    // Very long strings everywhere.
    fc
      .tuple(valid, longText)
      .map(([v, t]) =>
        Object.fromEntries(
          names.map((k) => [k, typeof v[k] === 'string' || v[k] === undefined ? t : v[k]]),
        ),
      ),
    // Nested where flat is expected.
    fc
      .tuple(valid, fc.constantFrom(...names))
      .map(([v, k]) => ({ ...v, [k]: { [k]: [v[k], { $ne: null }] } })),
  );
}

// ---------- parameters ----------

/** Words a description lists as JSON keys: `JSON {status, type, created_from: …}`. */
const keysIn = (description: string | undefined) =>
  [...(description?.match(/\{([^}]*)\}/)?.[1] ?? '').matchAll(/([a-z_]+)\s*(?=[:,]|$)/g)].map(
    (m) => m[1]!,
  );

const fieldsIn = (description: string | undefined) =>
  (description?.match(/fields: ([a-z_, ]+)/)?.[1] ?? 'id').split(/,\s*/).filter(Boolean);

/** A value for a query parameter: react-admin's JSON sort/range/filter, or the schema's. */
function queryValue(doc: Document, p: Parameter, pools: Pools): fc.Arbitrary<string> {
  const realValue = fc.oneof(
    junkText,
    fc.constantFrom(...pools.ids),
    fc.constantFrom('pending', 'assigned', 'lagos', 'address', 'true', '2024-05-01', '1', '-1'),
  );
  const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  if (p.name === 'sort') {
    return fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...fieldsIn(p.description), 'nope'),
          fc.constantFrom('ASC', 'DESC', 'asc', 'x'),
        )
        .map((t) => JSON.stringify(t)),
      junkJson.map(asText),
    );
  }
  if (p.name === 'range') {
    return fc.oneof(
      fc
        .tuple(fc.integer({ min: -5, max: 2000 }), fc.integer({ min: -5, max: 2000 }))
        .map((t) => JSON.stringify(t)),
      fc.constantFrom(
        '[0,9]',
        '[9007199254740993,9007199254740999]',
        '[0,1e30]',
        '[1.5,2]',
        '["a","b"]',
        '[]',
        '[0]',
        '{}',
      ),
      junkJson.map(asText),
    );
  }
  if (p.name === 'filter') {
    const keys = [...keysIn(p.description), 'id', 'q', 'company_id'];
    return fc.oneof(
      fc
        .dictionary(
          fc.constantFrom(...keys),
          fc.oneof(realValue, junkJson, fc.array(realValue, { maxLength: 3 })),
          { maxKeys: 3 },
        )
        .map((o) => JSON.stringify(o)),
      junkJson.map(asText),
    );
  }
  return fc.oneof(validValue(doc, p.schema, pools).map(asText), realValue, junkJson.map(asText));
}

/** The table whose ids a path parameter takes, by the segment before it (`/payouts/{id}`). */
const tableBySegment: Record<string, string> = {
  jobs: 'jobs',
  job: 'jobs',
  detail: 'jobs',
  cancel: 'jobs',
  accept: 'jobs',
  sessions: 'sessions',
  companies: 'companies',
  'company-details': 'companies',
  users: 'accounts',
  user: 'accounts',
  agents: 'accounts',
  'agent-applications': 'agent_applications',
  transactions: 'ledger_movements',
  payouts: 'payouts',
  'api-keys': 'api_keys',
  webhooks: 'webhook_endpoints',
  deliveries: 'webhook_deliveries',
  breaches: 'breaches',
  tat: 'tat_settings',
  messages: 'messages',
  attachments: 'job_attachments',
  'appove-or-reject': 'jobs',
  'get-company-job-by-assigner': 'accounts',
  assign: 'jobs',
  'capture-link': 'jobs',
};

function idsFor(path: string, name: string, pools: Pools): string[] {
  const segments = path.split('/');
  let at = segments.indexOf(`{${name}}`) - 1;
  while (segments[at]?.startsWith('{')) at--;
  const table =
    tableBySegment[segments[at] ?? ''] ??
    (name === 'attachmentId'
      ? 'job_attachments'
      : name === 'deliveryId'
        ? 'webhook_deliveries'
        : undefined);
  return (table && pools.idsOf[table]?.length ? pools.idsOf[table] : undefined) ?? pools.ids;
}

/** A path parameter: real ids of every tenant, enum values, junk, huge numbers, '../'. */
function pathValue(doc: Document, path: string, p: Parameter, pools: Pools): fc.Arbitrary<string> {
  const s = resolve(doc, p.schema);
  const ids = idsFor(path, p.name, pools);
  const fromSchema = s.enum
    ? fc.constantFrom(...s.enum.map(String))
    : s.format === 'uuid' || p.name.endsWith('id') || p.name.endsWith('Id')
      ? fc.constantFrom(...ids)
      : validValue(doc, s, pools).map((v) => String(v));
  return fc.oneof(
    {
      weight: 8,
      arbitrary:
        p.name === 'token' && pools.tokens.length ? fc.constantFrom(...pools.tokens) : fromSchema,
    },
    { weight: 3, arbitrary: fc.constantFrom(...pools.ids) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '..',
        '../..',
        '%2e%2e%2f',
        '9999999999999999999999',
        '-1',
        '0',
        '00000000-0000-0000-0000-000000000000',
        'null',
        'undefined',
      ),
    },
    { weight: 2, arbitrary: shortJunk },
  );
}

const encodePath = (v: string) => {
  // Some raw, so '..' and '/' reach the router as such; most encoded as a client would.
  try {
    return encodeURIComponent(v);
  } catch {
    return encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '?'));
  }
};

// ---------- bodies ----------

const jsonContentTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/json',
  '',
);

const boundary = '----fuzzboundary';
/** A multipart body from parts, each a text field or a file. */
function multipartBody(
  parts: { name: string; value: string | Buffer; file?: string; type?: string }[],
) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.file !== undefined ? `; filename="${p.file}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const smallJpegHeader = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 256 }).map((a) => Buffer.from(a)),
  fc.constant(smallJpegHeader),
  fc.constant(Buffer.from('%PDF-1.4\n%%EOF')),
  fc.constant(Buffer.from('type,first_name\naddress,Ada\n')),
  fc.constant(Buffer.alloc(0)),
);

function multipartFor(
  doc: Document,
  schema: Schema | undefined,
  pools: Pools,
): fc.Arbitrary<{ body: Buffer; type: string }> {
  const s = schema ? resolve(doc, schema) : {};
  const names = [
    ...Object.keys(s.properties ?? {}),
    'file',
    'photo',
    'attachments',
    'type',
    'state',
    'lga',
    'first_name',
  ];
  const part = fc.record({
    name: fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 12 })),
    value: fc.oneof(
      shortJunk,
      fc.constantFrom('address', 'lagos', 'ikeja', '08031234567', ...pools.ids.slice(0, 5)),
      fileBytes,
    ),
    file: fc.option(
      fc.oneof(
        fc.constantFrom('a.jpg', 'b.pdf', 'c.csv', 'd.xlsx', '../../x.jpg', ''),
        fc.string({ maxLength: 20 }),
      ),
      { nil: undefined },
    ),
    type: fc.option(
      fc.constantFrom(
        'image/jpeg',
        'application/pdf',
        'text/csv',
        'application/octet-stream',
        'x/y',
      ),
      { nil: undefined },
    ),
  });
  const type = `multipart/form-data; boundary=${boundary}`;
  return fc.oneof(
    // The form as a client fills it: each field once, with a plausible value or junk.
    fc
      .tuple(...formFieldsOf(s).map((name) => formPart(name, s, pools)))
      .map((parts) => ({ body: multipartBody(parts.filter((p) => p !== null)), type })),
    fc.array(part, { maxLength: 6 }).map((parts) => ({
      body: multipartBody(
        parts.map((p) => ({
          ...p,
          name: p.name.replace(/["\r\n]/g, ''),
          file: p.file?.replace(/["\r\n]/g, ''),
        })),
      ),
      type,
    })),
    // Cut short, or no boundary in its header.
    fc.array(part, { minLength: 1, maxLength: 3 }).chain((parts) => {
      const whole = multipartBody(parts.map((p) => ({ ...p, name: 'x', file: undefined })));
      return fc
        .integer({ min: 0, max: whole.length - 1 })
        .map((n) => ({ body: whole.subarray(0, n), type }));
    }),
    junkText.map((t) => ({ body: Buffer.from(t), type: 'multipart/form-data' })),
  );
}

/** A form's fields: its schema's, and the kinds' wire names its description lists. */
const formFieldsOf = (s: Schema) => [
  ...new Set([
    ...Object.keys(s.properties ?? {}),
    ...[...(s.description ?? '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!),
  ]),
];

function formPart(name: string, s: Schema, pools: Pools) {
  const schema = s.properties?.[name];
  const isFile = schema && !schema.type && !schema.enum && !schema.anyOf;
  if (isFile) {
    const csv = `${formFieldsOf(s).join(',')}\n${formFieldsOf(s)
      .map((n) => plausible.find(([re]) => re.test(n))?.[1] ?? 'Ada')
      .join(',')}\n`;
    return fc.constantFrom(
      { name, value: pools.jpeg, file: `${name}.jpg`, type: 'image/jpeg' },
      { name, value: Buffer.from(csv), file: `${name}.csv`, type: 'text/csv' },
      null,
    );
  }
  const value = schema?.enum
    ? fc.constantFrom(...schema.enum.map(String))
    : name === 'company_id'
      ? fc.constantFrom(...(pools.idsOf.companies ?? pools.ids))
      : fc.constant(plausible.find(([re]) => re.test(name))?.[1] ?? 'Ada Obi');
  return fc.option(
    fc
      .oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: shortJunk })
      .map((v) => ({ name, value: v })),
    { freq: 8 },
  );
}

/** Requests for `operation`: parameters and body (valid, invalid, in another content type). */
export function requestsFor(
  doc: Document,
  { path, op }: FuzzOperation,
  pools: Pools,
): fc.Arbitrary<GeneratedRequest> {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(...pathParams.map((p) => pathValue(doc, path, p, pools)));
  const queryArb = fc.tuple(
    ...queryParams.map((p) =>
      p.required
        ? queryValue(doc, p, pools).map((v) => [p.name, v] as const)
        : fc
            .option(queryValue(doc, p, pools), { nil: undefined, freq: 2 })
            .map((v) => [p.name, v] as const),
    ),
  );
  const extraQuery = fc.option(
    fc.tuple(fc.constantFrom('page', 'limit', 'x', '__proto__', 'filter[]'), shortJunk),
    { nil: undefined, freq: 4 },
  );
  const idempotency = fc.option(fc.oneof(fc.uuid(), fc.string({ maxLength: 300 })), {
    nil: undefined,
    freq: 2,
  });
  const content = op.requestBody?.content ?? {};
  const json = content['application/json'];
  const multipart = content['multipart/form-data'];

  const body: fc.Arbitrary<Pick<GeneratedRequest, 'payload' | 'bodyKind'> & { type?: string }> =
    json
      ? fc.oneof(
          {
            weight: 3,
            arbitrary: validValue(doc, json.schema ?? {}, pools).map((v) => ({
              payload: JSON.stringify(v),
              type: 'application/json',
              bodyKind: 'valid' as const,
            })),
          },
          {
            weight: 4,
            arbitrary: invalidBody(doc, json.schema, pools).map((v) => ({
              payload: JSON.stringify(v) ?? 'null',
              type: 'application/json',
              bodyKind: 'invalid' as const,
            })),
          },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(
                '{',
                '{"a":1}}',
                '',
                '\u0000',
                '[]',
                '"x"',
                '{"__proto__":{"admin":true}}',
              )
              .map((t) => ({ payload: t, type: 'application/json', bodyKind: 'invalid' as const })),
          },
          {
            weight: 1,
            arbitrary: fc
              .tuple(jsonContentTypes, junkText)
              .map(([type, t]) => ({ payload: t, type, bodyKind: 'wrong-type' as const })),
          },
        )
      : multipart
        ? fc.oneof(
            {
              weight: 4,
              arbitrary: multipartFor(doc, multipart.schema, pools).map(({ body, type }) => ({
                payload: body,
                type,
                bodyKind: 'multipart-junk' as const,
              })),
            },
            {
              weight: 1,
              arbitrary: fc
                .tuple(fc.constantFrom('application/json', 'text/plain'), junkJson)
                .map(([type, v]) => ({
                  payload: JSON.stringify(v) ?? 'null',
                  type,
                  bodyKind: 'wrong-type' as const,
                })),
            },
          )
        : fc.oneof(
            { weight: 4, arbitrary: fc.constant({ bodyKind: 'none' as const }) },
            {
              weight: 1,
              arbitrary: fc.tuple(jsonContentTypes, junkJson).map(([type, v]) => ({
                payload: JSON.stringify(v) ?? 'null',
                type,
                bodyKind: 'wrong-type' as const,
              })),
            },
          );

  return fc
    .record({
      path: pathArb,
      query: queryArb,
      extra: extraQuery,
      idem: idempotency,
      body,
      raw: fc.boolean(),
    })
    .map(({ path: values, query, extra, idem, body: b, raw }) => {
      let i = 0;
      const url = path.replace(/\{[^}]+\}/g, () => {
        const v = values[i++]!;
        return raw && /^[\x21-\x7e]*$/.test(v) && !/[?#%]/.test(v) ? v : encodePath(v);
      });
      const q = new URLSearchParams();
      for (const [k, v] of query)
        if (v !== undefined) q.append(k, v.replace(/[\ud800-\udfff]/g, '?'));
      if (extra) q.append(extra[0], extra[1].replace(/[\ud800-\udfff]/g, '?'));
      const qs = q.toString();
      const headers: Record<string, string> = {};
      if (b.type) headers['content-type'] = b.type;
      if (idem) headers['idempotency-key'] = idem;
      return { url: qs ? `${url}?${qs}` : url, headers, payload: b.payload, bodyKind: b.bodyKind };
    });
}
