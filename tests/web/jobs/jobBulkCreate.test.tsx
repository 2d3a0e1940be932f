import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { companyAccount, signIn } from '../support/session';

type User = Awaited<ReturnType<typeof renderApp>>['user'];

const csv = () =>
  new File(['first_name,last_name\nChidi,Okeke\n'], 'jobs.csv', { type: 'text/csv' });

async function choose(user: User, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Records the multipart form of `POST /job/upload` (with its bearer) and answers `answer`. */
function answerUpload(answer: () => Response | Promise<Response>) {
  const sent: Array<{ type: unknown; file: string; authorization: string | null }> = [];
  server.use(
    http.post('/api/v2/job/upload', async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      sent.push({
        type: form.get('type'),
        file: await file.text(),
        authorization: request.headers.get('authorization'),
      });
      return answer();
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('bulk upload', () => {
  it('uploads the file with its kind, shows the import under way, toasts and goes to the jobs list', async () => {
    signIn(companyAccount, { accessToken: 'header.eyJleHAiOjQxMDI0NDQ4MDB9.sig' });
    let finishImport = () => {};
    const imported = new Promise<void>((resolve) => (finishImport = resolve));
    const sent = answerUpload(async () => {
      await imported;
      return HttpResponse.json({ created: 2 }, { status: 201 });
    });
    const { user } = await renderApp('/company/create-jobs');
    const upload = await screen.findByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();

    await choose(user, 'Job type', 'Business');
    await user.upload(screen.getByLabelText('File (CSV or XLSX)'), csv());
    expect(screen.getByText('jobs.csv')).toBeInTheDocument();
    await user.click(upload);

    // Progress is shown while the server has not answered. (msw's XMLHttpRequest emulation fires
    // the upload events only with the answer, so the switch to 'Importing…' is not seen here.)
    const progress = await screen.findByRole('status');
    expect(progress).toHaveTextContent(/Uploading… \d+%|Importing…/);
    expect(within(progress).getByRole('progressbar')).toBeInTheDocument();
    expect(upload).toBeDisabled();
    finishImport();
    expect(await screen.findByText('Job uploaded successful')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        type: 'business',
        file: 'first_name,last_name\nChidi,Okeke\n',
        authorization: 'Bearer header.eyJleHAiOjQxMDI0NDQ4MDB9.sig',
      },
    ]);
    await waitFor(() => expect(currentPath()).toBe('/company/jobs'));
  });

  it('shows the bad rows of a refused file as a table, with a single toast', async () => {
    signIn(companyAccount);
    answerUpload(() =>
      HttpResponse.json(
        {
          message: '2 rows have problems: nothing was imported',
          errors: [
            { row: 1, field: 'phone', msg: 'phone must be a valid Nigerian phone number' },
            { row: 3, field: 'lga', msg: 'lga "Garki" is not an LGA of Lagos' },
          ],
        },
        { status: 400 },
      ),
    );
    const { user } = await renderApp('/company/create-jobs');
    await user.upload(await screen.findByLabelText('File (CSV or XLSX)'), csv());
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const table = await screen.findByRole('table', {
      name: 'The file was not imported: fix these rows and upload it again',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Row', 'Field', 'Message'],
      ['1', 'phone', 'phone must be a valid Nigerian phone number'],
      ['3', 'lga', 'lga "Garki" is not an LGA of Lagos'],
    ]);
    expect(
      await screen.findByText('2 rows have problems: nothing was imported'),
    ).toBeInTheDocument();
    // The rows are in the table, not in toasts of their own.
    expect(screen.getAllByText('phone must be a valid Nigerian phone number')).toHaveLength(1);
    expect(screen.queryByText('Job uploaded successful')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/company/create-jobs');
  });

  it("downloads the chosen kind's template with the bearer token", async () => {
    signIn(companyAccount, { accessToken: 'header.eyJleHAiOjQxMDI0NDQ4MDB9.sig' });
    const createObjectURL = vi.fn(() => 'blob:template');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    let asked: { path: string; authorization: string | null } | undefined;
    server.use(
      http.get('/api/v2/job/upload/template/:type', ({ request }) => {
        asked = {
          path: new URL(request.url).pathname,
          authorization: request.headers.get('authorization'),
        };
        return new HttpResponse('product_name,brand\n', {
          headers: { 'Content-Type': 'text/csv' },
        });
      }),
    );
    const { user } = await renderApp('/company/create-jobs');
    await choose(user, 'Job type', 'Product');
    await user.click(screen.getByRole('button', { name: 'Download template (Product)' }));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(asked).toEqual({
      path: '/api/v2/job/upload/template/product',
      authorization: 'Bearer header.eyJleHAiOjQxMDI0NDQ4MDB9.sig',
    });
  });
});
