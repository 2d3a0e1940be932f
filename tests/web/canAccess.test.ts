import { describe, expect, it } from 'vitest';
import { canAccess } from '../../src/authProvider/canAccess';
import { adminAccount, companyAccount } from './support/session';

describe('canAccess', () => {
  it('lets no one in without an account', () => {
    expect(canAccess(null, { area: 'company', resource: 'jobs', action: 'list' })).toBe(false);
  });

  it("lets users into their own area's resources only", () => {
    expect(canAccess(companyAccount, { area: 'company', resource: 'jobs', action: 'list' })).toBe(
      true,
    );
    expect(canAccess(companyAccount, { area: 'admin', resource: 'jobs', action: 'list' })).toBe(
      false,
    );
    expect(canAccess(adminAccount, { area: 'admin', resource: 'jobs', action: 'list' })).toBe(true);
    expect(canAccess(adminAccount, { area: 'company', resource: 'jobs', action: 'list' })).toBe(
      false,
    );
  });

  it('keeps assigning to agents and agent prices to super-admins', () => {
    const subAdmin = { ...adminAccount, role: 'sub-admin' as const, isSuperAdmin: false };
    const assignToAgent = { area: 'admin' as const, resource: 'jobs', action: 'assign_to_agent' };
    const agentPrice = {
      area: 'admin' as const,
      resource: 'tat-settings',
      action: 'set_agent_price',
    };
    expect(canAccess(adminAccount, assignToAgent)).toBe(true);
    expect(canAccess(adminAccount, agentPrice)).toBe(true);
    expect(canAccess(subAdmin, assignToAgent)).toBe(false);
    expect(canAccess(subAdmin, agentPrice)).toBe(false);
    expect(canAccess(subAdmin, { ...assignToAgent, action: 'assign' })).toBe(true);
  });

  it('lets only the provider write TAT settings; companies read them', () => {
    for (const action of ['create', 'edit']) {
      expect(canAccess(adminAccount, { area: 'admin', resource: 'tat-settings', action })).toBe(
        true,
      );
      expect(canAccess(companyAccount, { area: 'company', resource: 'tat-settings', action })).toBe(
        false,
      );
    }
    expect(
      canAccess(companyAccount, { area: 'company', resource: 'tat-settings', action: 'list' }),
    ).toBe(true);
    // A super-admin flag does not carry Agent prices into the company area.
    const superCompany = { ...companyAccount, isSuperAdmin: true };
    expect(
      canAccess(superCompany, {
        area: 'company',
        resource: 'tat-settings',
        action: 'set_agent_price',
      }),
    ).toBe(false);
    expect(
      canAccess(superCompany, { area: 'company', resource: 'jobs', action: 'assign_to_agent' }),
    ).toBe(false);
  });

  it('lets both areas list, create, upload, export and assign jobs; admins name the owner', () => {
    for (const action of ['list', 'show', 'create', 'bulk_create', 'export', 'assign']) {
      expect(canAccess(companyAccount, { area: 'company', resource: 'jobs', action })).toBe(true);
      expect(canAccess(adminAccount, { area: 'admin', resource: 'jobs', action })).toBe(true);
    }
    expect(
      canAccess(adminAccount, { area: 'admin', resource: 'jobs', action: 'choose_owner' }),
    ).toBe(true);
    expect(
      canAccess(companyAccount, { area: 'company', resource: 'jobs', action: 'choose_owner' }),
    ).toBe(false);
  });
});
