import { describe, expect, it } from 'vitest';
import type { JobRow } from '../../../server/repositories/jobs';
import {
  actsForOwner,
  allowedActions,
  isAdminArea,
  isAssignee,
  iso,
  isoOrNull,
  jobScopeOf,
  jobView,
  seesJob,
} from '../../../server/services/jobAccess';

/**
 * Job tenancy as rules, without a database: who sees a job, who acts for its owner or as its
 * assignee, and which moves the profile offers (the API tests in tests/server/jobs/ check the
 * same through the routes).
 */

const owner = { id: 'u-owner', role: 'company' as const, company_id: 'c-owner' };
const partnerUser = { id: 'u-partner', role: 'sub-admin' as const, company_id: 'c-partner' };
const agent = { id: 'u-agent', role: 'agent' as const, company_id: null };
const admin = { id: 'u-admin', role: 'admin' as const, company_id: null };
const staff = { id: 'u-staff', role: 'sub-admin' as const, company_id: null };

const toPartner = {
  company_id: 'c-owner',
  assignee_type: 'company' as const,
  assignee_company_id: 'c-partner',
  assignee_agent_id: null,
};
const toAgent = {
  company_id: 'c-owner',
  assignee_type: 'agent' as const,
  assignee_company_id: null,
  assignee_agent_id: 'u-agent',
};

describe('scope', () => {
  it('provider staff see all, a company its own and its assigned jobs, an agent its own', () => {
    expect(jobScopeOf(admin)).toEqual({ kind: 'all' });
    expect(jobScopeOf(staff)).toEqual({ kind: 'all' });
    expect(jobScopeOf(owner)).toEqual({ kind: 'company', companyId: 'c-owner' });
    expect(jobScopeOf(partnerUser)).toEqual({ kind: 'company', companyId: 'c-partner' });
    expect(jobScopeOf(agent)).toEqual({ kind: 'agent', agentId: 'u-agent' });
    expect([admin, staff, owner, partnerUser, agent].map(isAdminArea)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('seesJob states the same rule', () => {
    const sees = (who: Parameters<typeof jobScopeOf>[0], job: Parameters<typeof seesJob>[1]) =>
      seesJob(jobScopeOf(who), job);
    expect(sees(admin, toAgent)).toBe(true);
    expect(sees(owner, toAgent)).toBe(true);
    expect(sees(partnerUser, toPartner)).toBe(true);
    expect(sees(partnerUser, toAgent)).toBe(false);
    expect(sees(agent, toAgent)).toBe(true);
    expect(sees(agent, toPartner)).toBe(false);
    expect(seesJob({ kind: 'company', companyId: 'c-other' }, toPartner)).toBe(false);
  });
});

describe('parties', () => {
  it('acts for the owner: its users and provider staff', () => {
    expect(actsForOwner(owner, toAgent)).toBe(true);
    expect(actsForOwner(staff, toAgent)).toBe(true);
    expect(actsForOwner(partnerUser, toPartner)).toBe(false);
    expect(actsForOwner(agent, toAgent)).toBe(false);
  });

  it('is the assignee: a user of the assignee company, or the assigned agent', () => {
    expect(isAssignee(partnerUser, { ...toPartner, status: 'assigned' })).toBe(true);
    expect(isAssignee(agent, { ...toAgent, status: 'assigned' })).toBe(true);
    expect(isAssignee(agent, { ...toPartner, status: 'assigned' })).toBe(false);
    expect(isAssignee(owner, { ...toPartner, status: 'assigned' })).toBe(false);
    // Two accounts without a company are not each other's company.
    expect(isAssignee(admin, { ...toAgent, assignee_company_id: null, status: 'assigned' })).toBe(
      false,
    );
  });
});

describe('allowedActions', () => {
  const all = () => true;
  it('offers each move to whom the state machine and the permissions let make it', () => {
    expect(allowedActions(owner, { ...toAgent, status: 'pending' }, all)).toEqual([
      'assign',
      'cancel',
    ]);
    expect(allowedActions(agent, { ...toAgent, status: 'assigned' }, all)).toEqual([
      'accept',
      'decline',
    ]);
    expect(allowedActions(owner, { ...toAgent, status: 'submitted' }, all)).toEqual([
      'approve',
      'reject',
    ]);
    expect(allowedActions(agent, { ...toAgent, status: 'submitted' }, all)).toEqual([]);
    expect(allowedActions(partnerUser, { ...toPartner, status: 'pending' }, all)).toEqual([]);
  });

  it('offers nothing a permission the route checks is missing for', () => {
    const only = (key: string) => (k: string) => k === key;
    expect(allowedActions(owner, { ...toAgent, status: 'pending' }, only('jobs.cancel'))).toEqual([
      'cancel',
    ]);
    expect(allowedActions(owner, { ...toAgent, status: 'pending' }, only('jobs.assign'))).toEqual([
      'assign',
    ]);
    expect(allowedActions(agent, { ...toAgent, status: 'assigned' }, only('jobs.assign'))).toEqual(
      [],
    );
    expect(allowedActions(owner, { ...toAgent, status: 'submitted' }, only('jobs.cancel'))).toEqual(
      [],
    );
  });
});

describe('jobView', () => {
  it('shows money in naira and times as ISO text, null staying null', () => {
    const row = {
      id: 'j1',
      status: 'assigned',
      price_kobo: 150_050,
      fee_kobo: null,
      assigned_at: new Date('2026-01-02T03:04:05Z'),
      due_at: null,
      created_at: '2026-01-01T00:00:00+01:00',
      updated_at: new Date('2026-01-03T00:00:00Z'),
    } as unknown as JobRow;
    expect(jobView(row)).toEqual({
      id: 'j1',
      status: 'assigned',
      price: 1500.5,
      fee: null,
      assigned_at: '2026-01-02T03:04:05.000Z',
      due_at: null,
      created_at: '2025-12-31T23:00:00.000Z',
      updated_at: '2026-01-03T00:00:00.000Z',
    });
    expect(iso('2026-05-01T12:00:00Z')).toBe('2026-05-01T12:00:00.000Z');
    expect(isoOrNull(null)).toBeNull();
  });
});
