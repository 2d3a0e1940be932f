import { compileErrors, validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../../../server/plugins/external/swagger';
import { appWithRoutes, createTestApp, type TestContext } from '../helpers';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, unknown>;
      content?: Record<string, { schema?: unknown }>;
    }
  >;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

let ctx: TestContext;
let doc: Document;

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({ url: '/api/v2/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => ctx?.close());

const operationsOf = (d: Document) =>
  Object.entries(d.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method, path, op })),
  );
const operations = () => operationsOf(doc);

/** Every Schema Object of the document: components, parameters, bodies and answers. */
function schemasOf(d: Document): { where: string; schema: unknown }[] {
  const found = Object.entries(d.components.schemas).map(([name, schema]) => ({
    where: `components.schemas.${name}`,
    schema,
  }));
  for (const { method, path, op } of operationsOf(d)) {
    const at = `${method.toUpperCase()} ${path}`;
    for (const p of op.parameters ?? []) found.push({ where: `${at} parameter`, schema: p.schema });
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
      found.push({ where: `${at} body ${type}`, schema: media.schema });
    }
    for (const [status, response] of Object.entries(op.responses)) {
      for (const [type, media] of Object.entries(response.content ?? {})) {
        found.push({ where: `${at} ${status} ${type}`, schema: media.schema });
      }
    }
  }
  return found;
}

/** Keywords of OpenAPI 3.0's JSON Schema subset that 3.1 (JSON Schema 2020-12) no longer has. */
function openapi30Leftovers(schema: unknown, where: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const here = [
    ...('nullable' in s ? [`${where}: nullable`] : []),
    ...(['exclusiveMinimum', 'exclusiveMaximum'] as const)
      .filter((k) => k in s && typeof s[k] !== 'number')
      .map((k) => `${where}: ${k} is not a number`),
  ];
  return [
    ...here,
    ...Object.entries(s).flatMap(([k, v]) => openapi30Leftovers(v, `${where}.${k}`)),
  ];
}

describe('the OpenAPI document at /api/v2/docs/json', () => {
  it('is a valid OpenAPI 3.1 document for a maintained validator', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.warnings).toEqual([]);
  });

  it('is refused by the same validator with a 3.0 leftover (the check is not vacuous)', async () => {
    // The TAT routes alone, as 3.0.3 said them: their amount's exclusiveMinimum is a number.
    const tat = structuredClone({
      ...doc,
      openapi: '3.0.3',
      paths: { '/api/v2/setting/tat': doc.paths['/api/v2/setting/tat']! },
    });
    const result = await validate(tat as never);
    expect(result.valid).toBe(false);
    expect(compileErrors(result)).toMatch(/exclusiveMinimum/);
  });

  it('has only JSON Schema 2020-12 schemas: nullable the 3.1 way, exclusive bounds as numbers', () => {
    const ajv = new Ajv2020({ strict: false });
    const schemas = schemasOf(doc);
    expect(schemas.length).toBeGreaterThan(200);
    const invalid = schemas
      .filter(({ schema }) => !ajv.validateSchema(schema as object))
      .map(({ where }) => `${where}: ${ajv.errorsText()}`);
    expect(invalid).toEqual([]);
    expect(schemas.flatMap(({ where, schema }) => openapi30Leftovers(schema, where))).toEqual([]);
    // The TAT body, which 3.0.3 refused, says "more than 0" the 2020-12 way.
    const tatBody =
      doc.paths['/api/v2/setting/tat']!.post!.requestBody!.content['application/json']!;
    expect(tatBody.schema).toMatchObject({ properties: { amount: { exclusiveMinimum: 0 } } });
    // And null is a type of its own.
    expect(JSON.stringify(doc)).toContain('{"type":"null"}');
  });

  it('sees the 3.0 keywords it refuses (the scan is not vacuous)', () => {
    expect(
      openapi30Leftovers(
        { properties: { a: { type: 'string', nullable: true }, b: { exclusiveMinimum: true } } },
        's',
      ),
    ).toEqual(['s.properties.a: nullable', 's.properties.b: exclusiveMinimum is not a number']);
  });
});

const isErrorBody = (schema: unknown) =>
  (schema as { $ref?: string } | undefined)?.$ref === '#/components/schemas/ErrorBody';

describe("every operation's contract", () => {
  const accessOf = (method: string, path: string) =>
    ctx.app.apiRoutes.find(
      (r) => r.method === method.toUpperCase() && r.url === path.replace(/\{(\w+)\}/g, ':$1'),
    )?.access;

  it('documents every API route', () => {
    const routes = ctx.app.apiRoutes.filter((r) => r.method !== 'HEAD');
    expect(operations().length).toBe(routes.length);
    expect(operations().length).toBeGreaterThan(60);
  });

  it('has a unique operation id and a tag', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ op }) => !op.tags?.length)).toEqual([]);
    expect(doc.paths['/api/v2/jobs/{id}']!.get!.operationId).toBe('getJobsById');
  });

  it('describes a success answer with a schema for each content type', () => {
    const lacking = operations()
      .filter(({ op }) => {
        const success = Object.entries(op.responses).filter(([s]) => /^2\d\d$/.test(s));
        return (
          success.length === 0 ||
          success.some(([status, r]) =>
            status === '204'
              ? r.content !== undefined
              : !r.content || Object.values(r.content).some((media) => !media.schema),
          )
        );
      })
      .map(({ method, path }) => `${method} ${path}`);
    expect(lacking).toEqual([]);
    // A CSV export is text, not the JSON list's array.
    const jobs = doc.paths['/api/v2/jobs']!.get!.responses['200']!.content!;
    expect(jobs['application/json']!.schema).toMatchObject({ type: 'array' });
    expect(jobs['text/csv']!.schema).toMatchObject({ type: 'string' });
  });

  it('describes the errors each route can give, in the error body', () => {
    const missing: string[] = [];
    for (const { method, path, op } of operations()) {
      const access = accessOf(method, path);
      const expected = [
        ...(op.requestBody || op.parameters?.some((p) => p.in === 'query') ? ['400'] : []),
        ...(access !== 'public' ? ['401', '403'] : []),
        ...(path.includes('{') ? ['404'] : []),
        '503',
      ];
      for (const status of expected) {
        if (!op.responses[status]) missing.push(`${method} ${path} ${status}`);
      }
      // A database or storage that is down: the answer says when to try again.
      expect(op.responses['503']?.headers, `${method} ${path} 503`).toHaveProperty('Retry-After');
      for (const [status, r] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        expect(Object.keys(r.content ?? {}), `${method} ${path} ${status}`).toEqual([
          'application/json',
        ]);
        // ErrorBody, or a body of its own that still leads with `message` (an upload's row errors).
        const schema = r.content!['application/json']!.schema;
        if (!isErrorBody(schema)) {
          expect(schema, `${method} ${path} ${status}`).toMatchObject({
            required: expect.arrayContaining(['message']),
            properties: { message: { type: 'string' } },
          });
        }
        expect(r.description).not.toBe('Default Response');
      }
    }
    expect(missing).toEqual([]);
    expect(doc.components.schemas.ErrorBody).toMatchObject({ required: ['message'] });
    const errorBodies = operations().flatMap(({ op }) =>
      Object.entries(op.responses)
        .filter(([status]) => Number(status) >= 400)
        .map(([, r]) => r.content?.['application/json']?.schema),
    );
    expect(errorBodies.filter(isErrorBody).length).toBeGreaterThan(errorBodies.length * 0.9);
  });

  it('asks for the bearer token on every route but the public ones', () => {
    const wrong = operations()
      .filter(({ method, path, op }) => {
        const isPublic = accessOf(method, path) === 'public';
        const bearer = op.security?.some((s) => 'bearerAuth' in s) ?? false;
        return isPublic === bearer;
      })
      .map(({ method, path }) => `${method} ${path}`);
    expect(wrong).toEqual([]);
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      apiKey: { type: 'http', scheme: 'bearer', description: expect.stringMatching(/vb_live_/) },
    });
  });

  it('offers the API key where a route accepts one, and only there', async () => {
    const app = await appWithRoutes(ctx.db, async (scope) => {
      scope.get('/probe/keyed', { config: { access: 'jobs.list', apiKey: true } }, () => ({}));
      scope.get('/probe/session', { config: { access: 'jobs.list' } }, () => ({}));
    });
    try {
      const probes = (await app.inject({ url: '/api/v2/docs/json' })).json<Document>().paths;
      expect(probes['/api/v2/probe/keyed']!.get!.security).toEqual([
        { bearerAuth: [] },
        { apiKey: [] },
      ]);
      expect(probes['/api/v2/probe/session']!.get!.security).toEqual([{ bearerAuth: [] }]);
    } finally {
      await app.close();
    }
  });
});

describe('answers without a body', () => {
  it('describe a 204 with no content', async () => {
    const app = await appWithRoutes(ctx.db, async (scope) => {
      scope.delete(
        '/probe/things/:id',
        {
          config: { access: 'jobs.list', audit: 'probe.delete' },
          schema: { response: { 204: { type: 'null' } } },
        },
        async (_request, reply) => reply.code(204).send(),
      );
    });
    try {
      const probe = (await app.inject({ url: '/api/v2/docs/json' })).json<Document>().paths;
      const responses = probe['/api/v2/probe/things/{id}']!.delete!.responses;
      expect(responses['204']).toEqual({ description: 'No content' });
      expect(Object.keys(responses).sort()).toEqual(['204', '401', '403', '404', '503']);
    } finally {
      await app.close();
    }
  });
});

describe('idempotent routes', () => {
  it('take the Idempotency-Key header and say its 409 and 422', () => {
    const withKey = operations().filter(({ op }) =>
      op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'),
    );
    // The routes of `config.idempotent` (jobs one by one and uploaded, wallet funding, payouts
    // one and a batch), and the capture submission, whose route declares its own key.
    expect(withKey.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'post /api/v2/capture/{token}',
      'post /api/v2/job/create-address',
      'post /api/v2/job/upload',
      'post /api/v2/payouts',
      'post /api/v2/payouts/batch',
      'post /api/v2/wallet/fund',
    ]);
    for (const { op } of withKey.filter(({ path }) => !path.startsWith('/api/v2/capture'))) {
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '422']));
    }
  });
});

describe('security, said once', () => {
  it('refuses to start with a route that declares its own security', async () => {
    const secured = {
      config: { access: 'jobs.list' as const },
      schema: { security: [{ bearerAuth: [] }] },
    };
    await expect(
      appWithRoutes(ctx.db, async (scope) => {
        scope.get('/probe/secured', secured, () => ({}));
      }),
    ).rejects.toThrow('GET /api/v2/probe/secured declares its security');
  });
});

describe('operation ids', () => {
  it('name the method and the path, parameters as "by"', () => {
    expect(operationIdOf('GET', '/api/v2/jobs/:id/photos/:kind')).toBe('getJobsByIdPhotosByKind');
    expect(operationIdOf('PUT', '/api/v2/job/appove-or-reject/:id/:type')).toBe(
      'putJobAppoveOrRejectByIdByType',
    );
  });
});
