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
