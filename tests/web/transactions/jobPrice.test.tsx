import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { companyAccount, signIn } from '../support/session';
import { companyTat } from '../support/moneyFixtures';

/** The first screen of a test loads its area's lazy chunk: on a busy machine that takes seconds. */
const firstRender = { timeout: 20_000 };

type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function choose(user: User, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }, firstRender));
  await user.click(await screen.findByRole('option', { name: option }));
}

function answerMoney(balance: number) {
  server.use(
    http.get('/api/v2/setting/tat', () =>
      HttpResponse.json({
        tats: [
          companyTat('lagos', 'address', 2500),
          companyTat('kano', 'address', 3000.25),
          { ...companyTat('abia', 'address', 900), audience: 'agent' },
        ],
      }),
    ),
    http.get('/api/v2/wallet', () => HttpResponse.json({ balance })),
  );
}

/** The price block's label → value pairs. */
const priceBlock = async () => {
  const block = await screen.findByRole('region', { name: 'Price' });
  const terms = [...block.querySelectorAll('dt')].map((dt) => dt.textContent);
  const values = [...block.querySelectorAll('dd')].map((dd) => dd.textContent);
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
};

describe('the price before creating jobs', () => {
  it('single job: the Company price of the chosen state and kind, the balance and the balance after', async () => {
    signIn(companyAccount);
    answerMoney(10000);
    const { user } = await renderApp('/company/create-single-job');
    await choose(user, 'State', 'Lagos');
    expect(await priceBlock()).toEqual({
      Price: '₦2,500.00',
      'Wallet balance': '₦10,000.00',
      'Balance after': '₦7,500.00',
    });

    await choose(user, 'State', 'Abia');
    expect(
      await screen.findByText(
        'No price is set for Address jobs in Abia: ask the provider to set one.',
      ),
    ).toBeInTheDocument();
  }, 90_000);

  it('single job: warns when the balance is too low', async () => {
    signIn(companyAccount);
    answerMoney(3000);
    const { user } = await renderApp('/company/create-single-job');
    await choose(user, 'State', 'Kano');
    expect((await priceBlock())['Balance after']).toBe('-₦0.25');
    expect(
      screen.getByText('Your balance is too low for this: fund your wallet first.'),
    ).toBeInTheDocument();
  }, 90_000);

  it('bulk upload: the file’s rows times the price of each row’s state', async () => {
    signIn(companyAccount);
    answerMoney(20000);
    const { user } = await renderApp('/company/create-jobs');
    const file = new File(
      ['\uFEFFfirst_name;last_name;state\nChidi;Okeke;lagos\nNgozi;Eze;Lagos\nMusa;Bello;Kano\n\n'],
      'jobs.csv',
      { type: 'text/csv' },
    );
    await user.upload(await screen.findByLabelText('File (CSV or XLSX)', {}, firstRender), file);
    expect(await screen.findByText('3 jobs')).toBeInTheDocument();
    expect(await priceBlock()).toEqual({
      Price: '₦8,000.25',
      'Wallet balance': '₦20,000.00',
      'Balance after': '₦11,999.75',
    });
  }, 90_000);
});
