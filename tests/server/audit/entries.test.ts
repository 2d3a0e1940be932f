import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  accessDeniedAction,
  entryOf,
  isWritingMethod,
  noteAudit,
} from '../../../server/services/audit';

/**
 * An audit entry built from a request, without the app: its target, its company, what its detail
 * keeps. (tests/server/audit/recording.test.ts checks the hook writes one for every route.)
 */

const companyId = '11111111-1111-4111-8111-111111111111';
const otherCompany = '22222222-2222-4222-8222-222222222222';
const jobId = '33333333-3333-4333-8333-333333333333';
const userId = '44444444-4444-4444-8444-444444444444';

interface Fake {
  method?: string;
  url?: string;
  audit?: string;
  params?: Record<string, unknown>;
  body?: unknown;
  account?: { id: string; company_id: string | null } | null;
  apiKeyId?: string;
}

const request = (f: Fake) =>
  ({
    method: f.method ?? 'POST',
    params: f.params,
    body: f.body,
    account: f.account === undefined ? { id: userId, company_id: companyId } : f.account,
    apiKeyId: f.apiKeyId,
    ip: '203.0.113.9',
    id: 'req-1',
    routeOptions: { url: f.url ?? '/api/v2/jobs/:jobId/:action', config: { audit: f.audit } },
  }) as unknown as FastifyRequest;

describe('entryOf', () => {
  it("names the path's job as target, the actor's company, and keeps the scrubbed body and variant", () => {
    const entry = entryOf(
      request({
        audit: 'job.move',
        params: { jobId, action: 'approve' },
        body: { reason: 'call 08031234567', password: 'x', rating: 4 },
      }),
      'job.move',
      200,
      {},
    );
    expect(entry).toEqual({
      actorId: userId,
      companyId,
      action: 'job.move',
      targetType: 'job',
      targetId: jobId,
      outcome: 200,
      ip: '203.0.113.9',
      requestId: 'req-1',
      detail: { action: 'approve', reason: 'call ***567', rating: 4 },
    });
  });

  it("takes `id` before other ids, as the action's resource, and a body's id when the path has none", () => {
    const both = entryOf(
      request({ audit: 'company.update', params: { id: otherCompany, userId } }),
      'company.update',
      200,
      {},
    );
    expect(both).toMatchObject({ targetType: 'company', targetId: otherCompany });
    const fromBody = entryOf(
      request({ audit: 'job.assign', params: {}, body: { agent_id: userId, count: 3 } }),
      'job.assign',
      200,
      {},
    );
    expect(fromBody).toMatchObject({ targetType: 'agent', targetId: userId });
  });

  it("never takes a capture link's token as target or detail", () => {
    const entry = entryOf(
      request({ audit: 'capture.submit', params: { token: 'abc123secret' }, account: null }),
      'capture.submit',
      201,
      {},
    );
    expect(entry).toMatchObject({ actorId: null, companyId: null, targetId: null, detail: {} });
  });

  it("names a created resource by the answer's id, under the declared action's resource", () => {
    const entry = entryOf(
      request({ audit: 'job.create', params: {} }),
      'job.create',
      201,
      {},
      jobId,
    );
    expect(entry).toMatchObject({ targetType: 'job', targetId: jobId });
    const named = entryOf(
      request({ audit: 'job.create', params: { jobId } }),
      'job.create',
      201,
      {},
      otherCompany,
    );
    expect(named.targetId).toBe(jobId);
  });

  it('a provider account acting on a company files it under that company', () => {
    const entry = entryOf(
      request({
        audit: 'company.update',
        params: { companyId: otherCompany },
        account: { id: userId, company_id: null },
      }),
      'company.update',
      200,
      {},
    );
    expect(entry).toMatchObject({ companyId: otherCompany, targetType: 'company' });
    const job = entryOf(
      request({ audit: 'job.move', params: { jobId }, account: { id: userId, company_id: null } }),
      'job.move',
      200,
      {},
    );
    expect(job.companyId).toBeNull();
  });

  it("a route's note wins, and a company that is no id is left out", () => {
    const entry = entryOf(
      request({ audit: 'auth.login', params: {}, account: null, body: { email: 'ada@x.ng' } }),
      'auth.login',
      401,
      {
        actorId: userId,
        companyId: 'not-a-uuid',
        targetType: 'account',
        targetId: userId,
        detail: { reason: 'wrong_password' },
      },
    );
    expect(entry).toMatchObject({
      actorId: userId,
      companyId: null,
      targetType: 'account',
      targetId: userId,
      detail: { email: 'a***@x.ng', reason: 'wrong_password' },
    });
  });

  it('a denial keeps the route and the declared action only', () => {
    const entry = entryOf(
      request({ method: 'DELETE', audit: 'job.delete', params: { jobId }, body: { why: 'x' } }),
      accessDeniedAction,
      403,
      {},
    );
    expect(entry).toMatchObject({
      action: 'access.denied',
      targetType: 'job',
      targetId: jobId,
      detail: { route: 'DELETE /api/v2/jobs/:jobId/:action', action: 'job.delete' },
    });
    const undeclared = entryOf(request({ method: 'GET', params: {} }), accessDeniedAction, 403, {});
    expect(undeclared.detail).toEqual({ route: 'GET /api/v2/jobs/:jobId/:action' });
  });

  it('keeps no body of a read, and names the API key that acted', () => {
    const entry = entryOf(
      request({
        method: 'get',
        audit: 'export.jobs',
        params: {},
        body: { q: 'x' },
        apiKeyId: jobId,
      }),
      'export.jobs',
      200,
      {},
    );
    expect(entry.detail).toEqual({ via_key: jobId });
  });

  it('cuts a long target to its limits, and scrubs a token-like target id', () => {
    const entry = entryOf(request({ audit: 'x.y', params: {} }), 'x.y', 200, {
      targetType: 't'.repeat(80),
      targetId: `${'a b'.repeat(50)}`,
    });
    expect(entry.targetType).toHaveLength(60);
    expect(entry.targetId).toHaveLength(100);
    const token = entryOf(
      request({ audit: 'x.y', params: { fileId: 'eyJhbGciOi.x.y' } }),
      'x.y',
      200,
      {},
    );
    expect(token).toMatchObject({ targetType: 'file', targetId: '[redacted]' });
  });
});

describe('entryOf: which key is the target', () => {
  const target = (f: Fake, action = 'x.update', createdId?: string) => {
    const e = entryOf(request({ audit: action, ...f }), action, 200, {}, createdId);
    return [e.targetType, e.targetId];
  };

  it('takes an id key only: a name ending in Id or _id, or id itself', () => {
    expect(target({ params: { guideId: jobId } })).toEqual(['guide', jobId]);
    expect(target({ params: { guide_id: jobId } })).toEqual(['guide', jobId]);
    expect(target({ params: {}, body: { jobIdentity: 'x', didId: 'y' } })).toEqual(['did', 'y']);
    expect(target({ params: {}, body: { jobIdentity: 'x' } })).toEqual([null, null]);
  });

  it('skips keys that are no ids, or hold no text, whatever their order', () => {
    expect(target({ params: { action: 'approve', jobId } })).toEqual(['job', jobId]);
    expect(target({ params: {}, body: { jobId: 42, agentId: userId } })).toEqual(['agent', userId]);
    expect(target({ params: { userId, id: otherCompany } }, 'company.update')).toEqual([
      'company',
      otherCompany,
    ]);
  });

  it('reads no body that is no object', () => {
    expect(target({ params: {}, body: null })).toEqual([null, null]);
    expect(target({ params: {}, body: 'jobId' })).toEqual([null, null]);
    expect(target({ params: undefined })).toEqual([null, null]);
  });

  it("names a denied request's target by the declared action's resource", () => {
    const denied = entryOf(
      request({ audit: 'company.update', params: { id: otherCompany } }),
      accessDeniedAction,
      403,
      {},
    );
    expect([denied.targetType, denied.targetId]).toEqual(['company', otherCompany]);
    const created = entryOf(
      request({ audit: 'job.create', params: {} }),
      accessDeniedAction,
      403,
      {},
      jobId,
    );
    expect(created.targetType).toBe('job');
    const route = entryOf(request({ method: 'POST', params: {} }), accessDeniedAction, 403, {});
    expect(route.detail).toEqual({ route: 'POST /api/v2/jobs/:jobId/:action' });
  });

  it('keeps variant parameters but never a token, and writes a route without its pattern', () => {
    const e = entryOf(
      request({ audit: 'capture.submit', params: { token: 'abc123secret', step: 'photos' } }),
      'capture.submit',
      201,
      {},
    );
    expect(e.detail).toEqual({ step: 'photos' });
    const noUrl = {
      ...request({ params: {} }),
      routeOptions: { url: undefined, config: {} },
    } as unknown as FastifyRequest;
    expect(entryOf(noUrl, accessDeniedAction, 403, {}).detail).toEqual({ route: 'POST ' });
  });
});

describe('noteAudit and isWritingMethod', () => {
  it("adds to the request's note, merging details", () => {
    const r = { auditNote: null } as unknown as FastifyRequest;
    noteAudit(r, { actorId: userId, detail: { a: 1 } });
    noteAudit(r, { targetType: 'job', detail: { b: 2 } });
    expect(r.auditNote).toEqual({ actorId: userId, targetType: 'job', detail: { a: 1, b: 2 } });
  });

  it('POST, PUT, PATCH and DELETE write, in any case; GET, HEAD and OPTIONS do not', () => {
    expect(['POST', 'put', 'Patch', 'DELETE'].map(isWritingMethod)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['GET', 'HEAD', 'OPTIONS', ''].map(isWritingMethod)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
