import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { companyAccount, signIn } from '../support/session';

/** The first screen of a test loads its area's lazy chunk: on a busy machine that takes seconds. */
const firstRender = { timeout: 20_000 };

type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function choose(user: User, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }, firstRender));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The Company prices of Address jobs the server quotes (Abia has only an Agent price). */
const companyPrices: Record<string, number> = { lagos: 2500, kano: 3000.25 };

/** `GET /job/price` as the server answers it, and the wallet's balance. */
function answerMoney(balance: number) {
  server.use(
    http.get('/api/v2/job/price', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const counts = query.getAll('count').map(Number);
      const jobs = query.getAll('state').map((state, i) => ({
        state,
        count: counts[i] ?? 1,
        price: companyPrices[state] ?? null,
      }));
      const missing = jobs.filter((j) => j.price === null).map((j) => j.state);
      const kobo = jobs.reduce((sum, j) => sum + Math.round((j.price ?? 0) * 100) * j.count, 0);
      return HttpResponse.json({ total: missing.length ? null : kobo / 100, missing, jobs });
    }),
    http.get('/api/v2/wallet', () => HttpResponse.json({ balance })),
  );
}

/**
 * What the page sent to `POST /job/price/file`: the form's fields and the file's bytes. (Not its
 * name: jsdom's FormData loses it on the way to msw; the upload sends it the same way.)
 */
interface SentFile {
  type: FormDataEntryValue | null;
  company_id: FormDataEntryValue | null;
  bytes: number[];
}

/**
 * `POST /job/price/file` as the server answers it: the rows of the file (a CSV, or for a
 * workbook the rows `xlsxRows` stands for) counted per state and priced as `GET /job/price`
 * prices them.
 */
function answerFileQuote(xlsxRows: string[] = []) {
  const sent: SentFile[] = [];
  server.use(
    http.post('/api/v2/job/price/file', async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      const bytes = new Uint8Array(await file.arrayBuffer());
      sent.push({
        type: form.get('type'),
        company_id: form.get('company_id'),
        bytes: [...bytes],
      });
      let states = xlsxRows;
      const workbook = bytes[0] === 0x50 && bytes[1] === 0x4b;
      if (!workbook) {
        const [head, ...rows] = new TextDecoder()
          .decode(bytes)
          .split('\n')
          .filter((line) => line.trim());
        const column = head!.split(';').indexOf('state');
        states = rows.map((line) => line.split(';')[column]!.trim().toLowerCase());
      }
      const counts = new Map<string, number>();
      for (const state of states) counts.set(state, (counts.get(state) ?? 0) + 1);
      const jobs = [...counts].map(([state, count]) => ({
        state,
        count,
        price: companyPrices[state] ?? null,
      }));
      const missing = jobs.filter((j) => j.price === null).map((j) => j.state);
      const kobo = jobs.reduce((sum, j) => sum + Math.round((j.price ?? 0) * 100) * j.count, 0);
      return HttpResponse.json({ total: missing.length ? null : kobo / 100, missing, jobs });
    }),
  );
  return sent;
}

/**
 * `POST /job/price/file` failing with `status` and `body` the first `times` it is asked, then
 * handing over to the handlers added before it (those added later are asked first). How many
 * times it was asked, in all.
 */
function failFileQuote(status: number, body: object, times = Infinity) {
  let asked = 0;
  server.use(
    http.post('/api/v2/job/price/file', () => {
      asked++;
      return asked > times ? undefined : HttpResponse.json(body, { status });
    }),
  );
  return () => asked;
}

/** Every API call the page makes, as `METHOD /path`. */
let calls: string[] = [];
const record = ({ request }: { request: Request }) => {
  calls.push(`${request.method} ${new URL(request.url).pathname}`);
};
beforeEach(() => {
  calls = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

/** The price block's label → value pairs. */
const priceBlock = async () => {
  const block = await screen.findByRole('region', { name: 'Price' });
  const terms = [...block.querySelectorAll('dt')].map((dt) => dt.textContent);
  const values = [...block.querySelectorAll('dd')].map((dd) => dd.textContent);
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
};

/** The price block once it reads `expected` (the price and the balance arrive apart). */
const expectPriceBlock = (expected: Record<string, string>) =>
  waitFor(async () => expect(await priceBlock()).toEqual(expected));

describe('the price before creating jobs', () => {
  it('single job: the Company price of the chosen state and kind, the balance and the balance after', async () => {
    signIn(companyAccount);
    answerMoney(10000);
    const { user } = await renderApp('/company/create-single-job');
    await choose(user, 'State', 'Lagos');
    await expectPriceBlock({
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

  it('single job: the price without the wallet for a creator without the money label', async () => {
    signIn({ ...companyAccount, role: 'sub-admin', permissions: ['Create Job'] });
    answerMoney(10000);
    const { user } = await renderApp('/company/create-single-job');
    await choose(user, 'State', 'Lagos');
    await expectPriceBlock({ Price: '₦2,500.00' });
    expect(calls).not.toContain('GET /api/v2/wallet');
  }, 90_000);

  it('bulk upload: the price without the wallet for a creator without the money label', async () => {
    signIn({ ...companyAccount, role: 'sub-admin', permissions: ['Create Job'] });
    answerMoney(10000);
    answerFileQuote();
    const { user } = await renderApp('/company/create-jobs');
    const file = new File(['first_name;last_name;state\nChidi;Okeke;lagos\n'], 'jobs.csv', {
      type: 'text/csv',
    });
    await user.upload(await screen.findByLabelText('File (CSV or XLSX)', {}, firstRender), file);
    await expectPriceBlock({ Price: '₦2,500.00' });
    expect(calls).not.toContain('GET /api/v2/wallet');
  }, 90_000);

  it('single job: warns when the balance is too low', async () => {
    signIn(companyAccount);
    answerMoney(3000);
    const { user } = await renderApp('/company/create-single-job');
    await choose(user, 'State', 'Kano');
    await waitFor(async () => expect((await priceBlock())['Balance after']).toBe('-₦0.25'));
    expect(
      screen.getByText('Your balance is too low for this: fund your wallet first.'),
    ).toBeInTheDocument();
  }, 90_000);

  it('bulk upload: the file’s rows times the price of each row’s state', async () => {
    signIn(companyAccount);
    answerMoney(20000);
    answerFileQuote();
    const { user } = await renderApp('/company/create-jobs');
    const file = new File(
      ['\uFEFFfirst_name;last_name;state\nChidi;Okeke;lagos\nNgozi;Eze;Lagos\nMusa;Bello;Kano\n\n'],
      'jobs.csv',
      { type: 'text/csv' },
    );
    await user.upload(await screen.findByLabelText('File (CSV or XLSX)', {}, firstRender), file);
    expect(await screen.findByText('3 jobs')).toBeInTheDocument();
    await expectPriceBlock({
      Price: '₦8,000.25',
      'Wallet balance': '₦20,000.00',
      'Balance after': '₦11,999.75',
    });
  }, 90_000);

  it('bulk upload: the server quotes the file as chosen, an .xlsx too; the page reads none of it', async () => {
    signIn(companyAccount);
    answerMoney(20000);
    const sent = answerFileQuote(['lagos', 'kano', 'kano']);
    const { user } = await renderApp('/company/create-jobs');
    // Not a workbook the page could read: only the server reads the file.
    const bytes = [0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x10, 0x80];
    const file = new File([new Uint8Array(bytes)], 'jobs.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(await screen.findByLabelText('File (CSV or XLSX)', {}, firstRender), file);
    expect(await screen.findByText('3 jobs')).toBeInTheDocument();
    await expectPriceBlock({
      Price: '₦8,500.50',
      'Wallet balance': '₦20,000.00',
      'Balance after': '₦11,499.50',
    });
    expect(sent).toEqual([{ type: 'address', company_id: null, bytes }]);
    expect(calls).toContain('POST /api/v2/job/price/file');
    expect(calls).not.toContain('GET /api/v2/job/price');
    expect(
      screen.queryByText('The price of an .xlsx file is charged when it is uploaded.'),
    ).not.toBeInTheDocument();
  }, 90_000);

  it('bulk upload: names a state of the file without a price, as for a single job', async () => {
    signIn(companyAccount);
    answerMoney(20000);
    answerFileQuote(['lagos', 'abia']);
    const { user } = await renderApp('/company/create-jobs');
    const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'jobs.xlsx');
    await user.upload(await screen.findByLabelText('File (CSV or XLSX)', {}, firstRender), file);
    expect(
      await screen.findByText(
        'No price is set for Address jobs in Abia: ask the provider to set one.',
      ),
    ).toBeInTheDocument();
  }, 90_000);

  it('bulk upload: no price for a file the server refuses (the upload lists its problems)', async () => {
    signIn(companyAccount);
    answerMoney(20000);
    const asked = failFileQuote(400, {
      message: '1 of 1 rows have errors; nothing was imported',
      errors: [{ row: 1, field: 'state', msg: 'state "Atlantis" is not a Nigerian state' }],
    });
    const { user } = await renderApp('/company/create-jobs');
    const file = new File(['first_name;state\nChidi;Atlantis\n'], 'jobs.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('File (CSV or XLSX)', {}, firstRender), file);
    await waitFor(() => expect(asked()).toBe(1));
    expect(screen.queryByRole('region', { name: 'Price' })).not.toBeInTheDocument();
    expect(screen.queryByText(/\d+ jobs?$/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    // Asked once: a refused file is not sent again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked()).toBe(1);
  }, 90_000);

  it('bulk upload: a quote the busy server could not give is asked again, and then priced', async () => {
    signIn(companyAccount);
    answerMoney(20000);
    answerFileQuote();
    const asked = failFileQuote(
      503,
      { message: 'The server is reading other bulk files right now: try again in a minute' },
      2,
    );
    const { user } = await renderApp('/company/create-jobs');
    const file = new File(['first_name;state\nChidi;lagos\nNgozi;kano\n'], 'jobs.csv', {
      type: 'text/csv',
    });
    await user.upload(await screen.findByLabelText('File (CSV or XLSX)', {}, firstRender), file);
    expect(await screen.findByText('2 jobs', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(asked()).toBe(3);
    expect(screen.queryByText(/could not be worked out/)).not.toBeInTheDocument();
  }, 90_000);

  it('bulk upload: says so when the quote cannot be had, rather than showing nothing', async () => {
    signIn(companyAccount);
    answerMoney(20000);
    const asked = failFileQuote(503, {
      message: 'The database cannot be reached just now. Please try again in a minute.',
    });
    const { user } = await renderApp('/company/create-jobs');
    const file = new File(['first_name;state\nChidi;lagos\n'], 'jobs.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('File (CSV or XLSX)', {}, firstRender), file);
    expect(
      await screen.findByText(
        'The price of this file could not be worked out (The database cannot be reached just now. Please try again in a minute.). Its jobs are charged at the prices set when it is uploaded.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    // Asked four times in all (a read is retried three times, spec §9), then left: the upload
    // stays possible.
    expect(asked()).toBe(4);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  }, 90_000);
});
