import { describe, expect, it } from 'vitest';
import { accessRules, permissionLabels, screenAccess } from '../../reference/permissions';
import type { Account } from '../../src/authProvider';
import { canAccess } from '../../src/authProvider/canAccess';
import { adminAccount, companyAccount } from './support/session';

const staff = (permissions: string[]): Account => ({
  ...adminAccount,
  role: 'sub-admin',
  isSuperAdmin: false,
  permissions,
});
const subUser = (permissions: string[]): Account => ({
  ...companyAccount,
  role: 'sub-admin',
  permissions,
});
const admin = (resource: string, action: string) => ({ area: 'admin' as const, resource, action });
const company = (resource: string, action: string) => ({
  area: 'company' as const,
  resource,
  action,
});

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
    const subAdmin = staff(['Create Job']);
    const assignToAgent = { area: 'admin' as const, resource: 'jobs', action: 'assign_to_agent' };
    const agentPrice = {
      area: 'admin' as const,
      resource: 'tats',
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
      expect(canAccess(adminAccount, { area: 'admin', resource: 'tats', action })).toBe(true);
      expect(canAccess(companyAccount, { area: 'company', resource: 'tats', action })).toBe(false);
    }
    expect(canAccess(companyAccount, { area: 'company', resource: 'tats', action: 'list' })).toBe(
      true,
    );
    // A super-admin flag does not carry Agent prices into the company area.
    const superCompany = { ...companyAccount, isSuperAdmin: true };
    expect(
      canAccess(superCompany, {
        area: 'company',
        resource: 'tats',
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

  it("shows a sub-admin with only 'View Job History' the jobs, and nothing that changes them", () => {
    const viewer = staff(['View Job History']);
    expect(canAccess(viewer, admin('jobs', 'list'))).toBe(true);
    expect(canAccess(viewer, admin('jobs', 'show'))).toBe(true);
    for (const action of ['create', 'bulk_create', 'export', 'assign', 'choose_owner']) {
      expect(canAccess(viewer, admin('jobs', action)), action).toBe(false);
    }
    expect(canAccess(viewer, admin('dashboard', 'list'))).toBe(false);
    expect(canAccess(viewer, admin('settings', 'list'))).toBe(true);
    expect(canAccess(viewer, admin('settings', 'edit'))).toBe(false);
    // Reading prices needs no label; writing them is for the heads of the provider.
    expect(canAccess(viewer, admin('tats', 'list'))).toBe(true);
    expect(canAccess(viewer, admin('tats', 'edit'))).toBe(false);
  });

  it('grants each label what the table says, to staff of both areas', () => {
    expect(canAccess(staff(['View Dashboard']), admin('dashboard', 'list'))).toBe(true);
    expect(canAccess(staff(['Create Job']), admin('jobs', 'create'))).toBe(true);
    expect(canAccess(staff(['Create Job']), admin('jobs', 'bulk_create'))).toBe(true);
    expect(canAccess(staff(['Create Job']), admin('jobs', 'assign'))).toBe(true);
    expect(canAccess(staff(['Create Job']), admin('jobs', 'choose_owner'))).toBe(true);
    expect(canAccess(staff(['Create Job']), admin('jobs', 'list'))).toBe(false);
    expect(canAccess(staff(['View, Print & Download Report']), admin('jobs', 'export'))).toBe(true);
    expect(canAccess(staff(['Edit Profile']), admin('settings', 'edit'))).toBe(true);
    expect(canAccess(subUser(['Create Job']), company('jobs', 'create'))).toBe(true);
    expect(canAccess(subUser(['Create Job']), company('jobs', 'choose_owner'))).toBe(false);
    expect(canAccess(subUser(['View Job History']), company('jobs', 'export'))).toBe(false);
  });

  it('keeps Agent prices and TAT writes from staff holding every label', () => {
    const everything = staff([...permissionLabels]);
    expect(canAccess(everything, admin('tats', 'create'))).toBe(false);
    expect(canAccess(everything, admin('tats', 'set_agent_price'))).toBe(false);
    expect(canAccess(everything, admin('jobs', 'assign_to_agent'))).toBe(false);
    expect(canAccess({ ...everything, isSuperAdmin: true }, admin('tats', 'create'))).toBe(true);
  });

  it('asks for every key of a screen that names several: the transactions CSV', () => {
    const money = 'View Transaction History, make Payment etc';
    const report = 'View, Print & Download Report';
    expect(canAccess(subUser([money]), company('transactions', 'list'))).toBe(true);
    expect(canAccess(subUser([money]), company('transactions', 'export'))).toBe(false);
    expect(canAccess(subUser([report]), company('transactions', 'export'))).toBe(false);
    expect(canAccess(subUser([money, report]), company('transactions', 'export'))).toBe(true);
  });

  it('refuses a resource or action the table does not name', () => {
    expect(canAccess(adminAccount, admin('jobs', 'delete'))).toBe(false);
    expect(canAccess(adminAccount, admin('reports', 'list'))).toBe(false);
    expect(canAccess(adminAccount, admin('constructor', 'list'))).toBe(false);
    expect(canAccess(adminAccount, admin('jobs', 'toString'))).toBe(false);
  });

  it('maps every screen of the table to a rule of the table or to signed-in', () => {
    for (const [resource, actions] of Object.entries(screenAccess)) {
      for (const [action, access] of Object.entries(actions)) {
        for (const key of ([] as string[]).concat(access)) {
          expect(
            key === 'signed-in' || Object.hasOwn(accessRules, key),
            `${resource}.${action}`,
          ).toBe(true);
        }
      }
    }
  });
});
