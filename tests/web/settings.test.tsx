import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp } from './support/renderApp';
import { adminAccount, companyAccount, signIn } from './support/session';

/** The value shown next to a label in the account's details. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('settings page', () => {
  it("shows the account's name, code, email, phone and company name", async () => {
    signIn(companyAccount);
    await renderApp('/company/settings');
    await screen.findByText('change profile image');

    expect(valueOf('Full name')).toHaveTextContent('Adaeze Okafor');
    expect(valueOf('User code')).toHaveTextContent('CMP-00042');
    expect(valueOf('Email')).toHaveTextContent('adaeze@lagosfreight.ng');
    expect(valueOf('Phone')).toHaveTextContent('+2348031234567');
    expect(valueOf('Company name')).toHaveTextContent('Lagos Freight Ltd');
  });

  it('leaves out the company name when the account has none', async () => {
    signIn(adminAccount);
    await renderApp('/admin/settings');
    expect(await screen.findByText('ADM-00001')).toBeInTheDocument();
    expect(screen.queryByText('Company name', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it("leads to the area's profile and preferences pages", async () => {
    signIn(adminAccount);
    const { user } = await renderApp('/admin/settings');

    const preferences = await screen.findByRole('link', { name: /Set preferences/ });
    expect(preferences).toHaveAttribute('href', '/admin/settings/set-amount');
    expect(within(preferences).getByText('Amount · TAT')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Edit Profile' }));
    expect(await screen.findByText('Your details')).toBeInTheDocument();
    expect(
      screen.getByText('Change password', { selector: '.MuiCardHeader-title' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/settings/profile');
  });
});

describe('profile page (spec §2: profile, both areas)', () => {
  it("shows the company owner's account, role and every label, with Edit Profile", async () => {
    signIn(companyAccount);
    await renderApp('/company/profile');
    expect(await screen.findByRole('heading', { name: 'Adaeze Okafor' })).toBeInTheDocument();
    expect(valueOf('User code')).toHaveTextContent('CMP-00042');
    expect(valueOf('Email')).toHaveTextContent('adaeze@lagosfreight.ng');
    expect(valueOf('Phone')).toHaveTextContent('+2348031234567');
    expect(valueOf('Company name')).toHaveTextContent('Lagos Freight Ltd');
    expect(valueOf('Role')).toHaveTextContent('Company');
    expect(screen.getByText('View Job History')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/company/settings/profile',
    );
  });

  it("shows a sub-admin's own labels only, and no Edit Profile without that label", async () => {
    signIn({
      ...adminAccount,
      role: 'sub-admin',
      isSuperAdmin: false,
      permissions: ['View Job History'],
    });
    await renderApp('/admin/profile');
    expect(await screen.findByRole('heading', { name: 'Tunde Bakare' })).toBeInTheDocument();
    expect(valueOf('Role')).toHaveTextContent('Sub-admin');
    expect(screen.getByText('View Job History')).toBeInTheDocument();
    expect(screen.queryByText('Create Job')).not.toBeInTheDocument();
    expect(screen.queryByText('Not Found')).not.toBeInTheDocument();
    await expect(
      screen.findByRole('link', { name: 'Edit Profile' }, { timeout: 1500 }),
    ).rejects.toThrow();
  });

  it('is reached from the user menu', async () => {
    signIn(companyAccount);
    const { user } = await renderApp('/company/settings');
    await screen.findByText('change profile image');
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Adaeze Okafor' })).toBeInTheDocument();
    expect(currentPath()).toBe('/company/profile');
  });
});
