import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp } from '../demoSnapshot';
import type { TestContext } from '../helpers';

/**
 * What README tells a client to do: generate types from the running API's document with
 * openapi-typescript, write a client with openapi-fetch over them, and call the API. The client
 * below is type-checked against the generated types (a wrong path, body or status would not
 * compile), then run against the seeded demo over real HTTP.
 */
const clientSource = `
import createClient from 'openapi-fetch';
import type { paths } from './api-types';

export type Client = ReturnType<typeof createClient<paths, 'application/json'>>;
type JobsAnswer = paths['/api/v2/jobs']['get']['responses'][200]['content']['application/json'];
export type ListedJob = JobsAnswer[number];

/** Signs in as \`email\`, then lists the first ten jobs that account sees. */
export async function jobsOf(baseUrl: string, email: string, password: string) {
  // JSON answers only: the lists' CSV exports are another media type of the same path.
  const client = createClient<paths, 'application/json'>({ baseUrl });
  const session = await client.POST('/api/v2/auth/login', { body: { email, password } });
  if (!session.data) throw new Error(\`login: \${session.error?.message}\`);
  // With two-factor sign-in on, the answer is a ticket for POST /api/v2/auth/2fa/verify.
  if ('twoFactorRequired' in session.data) throw new Error('login: a code is needed');
  const token: string = session.data.accessToken;
  const jobs = await client.GET('/api/v2/jobs', {
    params: { query: { sort: '["id","ASC"]', range: '[0,9]' } },
    headers: { Authorization: \`Bearer \${token}\` },
  });
  if (!jobs.data) throw new Error(\`jobs: \${jobs.error?.message}\`);
  const rows: { code: string; status: string; company_id: string; price: number | null }[] =
    jobs.data;
  const refused = await client.GET('/api/v2/jobs/{id}', {
    params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
    headers: { Authorization: \`Bearer \${token}\` },
  });
  const refusal: string | undefined = refused.error?.message;
  return {
    area: session.data.account.area,
    rows,
    total: jobs.response.headers.get('Content-Range'),
    refusal,
  };
}

/** What the generated types refuse: never called, only compiled. */
export function mistakes(client: Client, job: ListedJob) {
  // @ts-expect-error no such path
  void client.GET('/api/v2/no-such-path');
  // @ts-expect-error a sign-in needs its password
  void client.POST('/api/v2/auth/login', { body: { email: 'company@demo.ng' } });
  // @ts-expect-error a job's status is one of the known ones
  const status: typeof job.status = 'no-such-status';
  // @ts-expect-error a job's code is text
  const code: number = job.code;
  return [status, code];
}
`;

let ctx: TestContext;
let origin: string;
let dir: string;

beforeAll(async () => {
  ctx = await createDemoTestApp();
  origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await mkdtemp(path.join(tmpdir(), 'openapi-client-'));
  // The client's folder resolves 'openapi-fetch' as a client project would.
  await symlink(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The type errors of `file` and what it imports, as `line: message`. */
function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line =
      d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
    return `${line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

describe('a client generated from the OpenAPI document', () => {
  it('type-checks against the generated types, and the types refuse what the API refuses', async () => {
    const types = astToString(await openapiTS(new URL(`${origin}/api/v2/docs/json`)));
    expect(types).toContain('"/api/v2/jobs": {');
    await writeFile(path.join(dir, 'api-types.d.ts'), types);
    await writeFile(path.join(dir, 'client.ts'), clientSource);
    // Not vacuous: were the types too loose (any), each unused @ts-expect-error of `mistakes`
    // would be an error here.
    expect(typeErrors(path.join(dir, 'client.ts'))).toEqual([]);
  }, 30_000);

  it('signs in as the demo company and lists its jobs through openapi-fetch', async () => {
    const js = ts.transpileModule(clientSource, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    }).outputText;
    await writeFile(path.join(dir, 'client.mjs'), js);
    const client = (await import(
      /* @vite-ignore */ pathToFileURL(path.join(dir, 'client.mjs')).href
    )) as {
      jobsOf: (
        baseUrl: string,
        email: string,
        password: string,
      ) => Promise<{
        area: string;
        rows: { code: string; status: string; company_id: string; price: number | null }[];
        total: string | null;
        refusal: string | undefined;
      }>;
    };
    const { area, rows, total, refusal } = await client.jobsOf(
      origin,
      'company@demo.ng',
      'Company1234!',
    );
    expect(area).toBe('company');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.code).toMatch(/^JOB-\d+$/);
    // The company's own jobs only, as the API scopes them.
    expect(new Set(rows.map((r) => r.company_id)).size).toBe(1);
    expect(total).toMatch(/^jobs 0-\d+\/\d+$/);
    expect(refusal).toBe('Job not found');
  });
});
