import { companiesPage, makeCompany } from '../support/companiesFixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { findState } from '../../../reference/locations';
import { currentPath, renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, companyAccount, signIn } from '../support/session';
import { makeJob } from '../support/jobsFixtures';

type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function choose(user: User, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function optionsOf(user: User, label: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  const options = within(listbox)
    .getAllByRole('option')
    .map((o) => o.textContent ?? '')
    .filter((text) => text.trim() !== '');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  return options;
}

/** Records the multipart form of `POST /job/create-address`. */
function answerCreate(status = 201, answer: unknown = makeJob(42)) {
  const sent: Array<Record<string, string>> = [];
  server.use(
    http.post('/api/v2/job/create-address', async ({ request }) => {
      const form = await request.formData();
      sent.push(
        Object.fromEntries(
          [...form.entries()].map(([key, value]) => [
            key,
            typeof value === 'string' ? value : 'FILE',
          ]),
        ),
      );
      return HttpResponse.json(answer as object, { status });
    }),
  );
  return sent;
}

async function fillAddressJob(user: User) {
  await user.type(screen.getByLabelText(/^First name/), 'Chidi');
  await user.type(screen.getByLabelText(/^Last name/), 'Okeke');
  await user.type(screen.getByLabelText(/^Phone/), '08031234567');
  await user.type(screen.getByLabelText(/^Email/), 'chidi@example.ng');
  await user.type(screen.getByLabelText(/^Address/), '12 Allen Avenue');
  await user.type(screen.getByLabelText(/^Landmark/), 'By the filling station');
  await choose(user, 'State', 'Lagos');
  await choose(user, 'LGA', 'Ikeja');
}

describe('create a single job', () => {
  it('requires the kind’s required fields and sends nothing until they are filled', async () => {
    signIn(companyAccount);
    const sent = answerCreate();
    const { user } = await renderApp('/company/create-single-job');
    await user.click(await screen.findByRole('button', { name: 'Create Job' }));
    await screen.findAllByText('Required');
    for (const label of [
      /^First name/,
      /^Last name/,
      /^Phone/,
      /^Email/,
      /^Address/,
      /^Landmark/,
    ]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByLabelText(/^Guarantor name/)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText(/^ID number/)).toHaveAttribute('aria-invalid', 'false');
    expect(sent).toEqual([]);
  });

  it('lists the LGAs of the chosen state only, and clears the LGA when the state changes', async () => {
    signIn(companyAccount);
    const { user } = await renderApp('/company/create-single-job');
    expect(await screen.findByRole('combobox', { name: 'LGA' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await choose(user, 'State', 'Lagos');
    expect(await optionsOf(user, 'LGA')).toEqual(findState('lagos')!.lgas);

    await choose(user, 'LGA', 'Ikeja');
    await choose(user, 'State', 'Kano');
    expect(screen.getByRole('combobox', { name: 'LGA' })).not.toHaveTextContent('Ikeja');
    const kano = await optionsOf(user, 'LGA');
    expect(kano).toEqual(findState('kano')!.lgas);
    expect(kano).not.toContain('Ikeja');
  });

  it('sends the fields as multipart, toasts and goes to /company/jobs', async () => {
    signIn(companyAccount);
    const sent = answerCreate();
    const { user } = await renderApp('/company/create-single-job');
    await screen.findByLabelText(/^First name/);
    await fillAddressJob(user);
    await choose(user, 'ID type', 'NIN');
    await user.type(screen.getByLabelText(/^ID number/), '12345678901');
    await user.click(screen.getByRole('button', { name: 'Create Job' }));

    expect(await screen.findByText('Successfully created')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        type: 'address',
        first_name: 'Chidi',
        last_name: 'Okeke',
        phone: '08031234567',
        email: 'chidi@example.ng',
        address: '12 Allen Avenue',
        landmark: 'By the filling station',
        state: 'lagos',
        lga: 'Ikeja',
        id_type: 'nin',
        id_number: '12345678901',
      },
    ]);
    await waitFor(() => expect(currentPath()).toBe('/company/jobs'));
  });

  it('shows the fields of the chosen kind', async () => {
    signIn(companyAccount);
    const { user } = await renderApp('/company/create-single-job');
    await screen.findByLabelText(/^First name/);
    await choose(user, 'Job type', 'Product');
    expect(await screen.findByLabelText(/^NAFDAC number/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Where to inspect/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^First name/)).not.toBeInTheDocument();
  });

  it("shows the server's field errors on the fields and as a toast", async () => {
    signIn(companyAccount);
    answerCreate(400, {
      message: 'phone must be a valid Nigerian phone number',
      errors: [{ field: 'phone', msg: 'phone must be a valid Nigerian phone number' }],
    });
    const { user } = await renderApp('/company/create-single-job');
    await screen.findByLabelText(/^First name/);
    await fillAddressJob(user);
    await user.click(screen.getByRole('button', { name: 'Create Job' }));

    const messages = await screen.findAllByText('phone must be a valid Nigerian phone number');
    expect(messages.length).toBe(2); // the toast and the field's helper text
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(currentPath()).toBe('/company/create-single-job');
  });

  it('lets an admin pick the owner company, sent as company_id, then goes to /admin/jobs', async () => {
    signIn(adminAccount);
    // Every company may own a job, not only the partners Assign Job offers.
    const owners = [
      makeCompany(1, { name: 'Abuja Checks Ltd' }),
      makeCompany(2, { name: 'Kano Verify' }),
    ];
    server.use(http.get('/api/v2/companies', () => companiesPage(owners)));
    const sent = answerCreate();
    const { user } = await renderApp('/admin/jobs/create-single');
    await screen.findByLabelText(/^First name/);
    await choose(user, 'Owner company', 'Kano Verify');
    await fillAddressJob(user);
    await user.click(screen.getByRole('button', { name: 'Create Job' }));

    expect(await screen.findByText('Successfully created')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ type: 'address', company_id: owners[1]!.id });
    await waitFor(() => expect(currentPath()).toBe('/admin/jobs'));
  });
});
