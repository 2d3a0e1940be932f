import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';

type User = Awaited<ReturnType<typeof renderApp>>['user'];

const banks = [
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '058', name: 'Guaranty Trust Bank (GTBank)' },
];

/** Serves the banks and records what reaches `POST /agent-applications`. */
function applicationServer() {
  const sent: FormData[] = [];
  server.use(
    http.get('/api/v2/banks', () => HttpResponse.json(banks)),
    http.post('/api/v2/agent-applications', async ({ request }) => {
      sent.push(await request.formData());
      return HttpResponse.json(
        { message: 'Application received.', id: 'a1', code: 'APP-000042' },
        { status: 201 },
      );
    }),
  );
  return sent;
}

const field = (label: RegExp) => screen.getByLabelText(label);

async function choose(user: User, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(
    within(await screen.findByRole('listbox')).getByRole('option', { name: option }),
  );
}

async function fillValid(user: User) {
  await user.type(field(/^First name/), 'Adaeze');
  await user.type(field(/^Last name/), 'Nwachukwu');
  await user.type(field(/^Email/), 'adaeze@example.ng');
  await user.type(field(/^Phone number/), '0803 777 1234');
  await choose(user, /^State you work in/, 'Enugu');
  await choose(user, /^LGAs you cover/, 'Nsukka');
  await user.keyboard('{Escape}');
  await user.type(field(/^NIN/), '12345678901');
  await choose(user, /^Bank/, 'First Bank of Nigeria');
  await user.type(field(/^Account number/), '0000014579');
  await user.type(field(/^Account name/), 'ADAEZE NWACHUKWU');
}

const photoInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('Become a field agent', () => {
  it('is linked from the login page with exactly that text', async () => {
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Become a field agent' }));
    expect(
      await screen.findByRole('heading', { name: 'Become a field agent' }),
    ).toBeInTheDocument();
  });

  it('checks the required fields, NIN and NUBAN check digit before sending anything', async () => {
    const sent = applicationServer();
    const { user } = await renderApp('/become-an-agent');
    await screen.findByRole('heading', { name: 'Become a field agent' });
    await user.type(field(/^NIN/), '1234567890');
    await choose(user, /^Bank/, 'First Bank of Nigeria');
    await user.type(field(/^Account number/), '0000014578');
    await user.click(screen.getByRole('button', { name: 'Send application' }));

    expect(await screen.findByText('A NIN has 11 digits')).toBeInTheDocument();
    expect(screen.getByText('This is not a valid account number at this bank')).toBeInTheDocument();
    // names, email, phone, state, LGAs, account name
    expect(screen.getAllByText('Required')).toHaveLength(7);
    expect(sent).toHaveLength(0);
  }, 40_000);

  it('refuses a number valid at another bank, and one of 9 digits', async () => {
    const sent = applicationServer();
    const { user } = await renderApp('/become-an-agent');
    await screen.findByRole('heading', { name: 'Become a field agent' });
    await fillValid(user);
    await choose(user, /^Bank/, 'Guaranty Trust Bank (GTBank)');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(
      await screen.findByText('This is not a valid account number at this bank'),
    ).toBeInTheDocument();
    await user.clear(field(/^Account number/));
    await user.type(field(/^Account number/), '012345678');
    expect(await screen.findByText('An account number (NUBAN) has 10 digits')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  }, 40_000);

  it('sends the form with the LGAs and the photo, then shows the success screen', async () => {
    const sent = applicationServer();
    const { user } = await renderApp('/become-an-agent');
    await screen.findByRole('heading', { name: 'Become a field agent' });
    await fillValid(user);
    await user.upload(
      photoInput(),
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send application' }));

    expect(
      await screen.findByRole('heading', { name: 'Application received' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/APP-000042/)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    const form = sent[0]!;
    expect(form.get('state')).toBe('enugu');
    expect(form.getAll('lgas')).toEqual(['Nsukka']);
    expect(form.get('bank_code')).toBe('011');
    expect(form.get('account_number')).toBe('0000014579');
    expect((form.get('photo') as File).size).toBe(4);
  }, 40_000);
});
