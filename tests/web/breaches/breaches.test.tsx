import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ndpcDeadlineOf } from '../../../src/resources/breaches/ndpcDeadline';
import type { Breach } from '../../../src/resources/breaches/types';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, companyAccount, signIn } from '../support/session';
import { keepGeneratedStyles } from '../support/styles';

// An overdue deadline is painted red by the theme's CSS, which the web tests leave out unless asked.
keepGeneratedStyles();

const hour = 3_600_000;
const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();

const breach = (over: Partial<Breach> = {}): Breach => ({
  id: '7b000000-0000-4000-8000-000000000001',
  description: 'A field agent’s phone with unsent capture photos was lost in Ikeja.',
  occurred_at: null,
  found_at: at(-58 * hour),
  data_affected: 'Selfies, house photos and GPS positions of three visits',
  people_affected: 3,
  who_was_told: '',
  ndpc_notified_at: null,
  people_notified_at: null,
  status: 'open',
  ndpc_deadline: at(14.5 * hour),
  recorded_by: 'acc-admin',
  recorded_by_name: 'Tunde Bakare',
  created_at: at(-50 * hour),
  updated_at: at(-50 * hour),
  ...over,
});

const due = breach();
const overdue = breach({
  id: '7b000000-0000-4000-8000-000000000002',
  description: 'Export sent to the wrong company',
  ndpc_deadline: at(-3.2 * hour),
});
const notified = breach({
  id: '7b000000-0000-4000-8000-000000000003',
  description: 'Old laptop stolen',
  status: 'closed',
  ndpc_notified_at: '2025-03-04T09:30:00.000Z',
});

function answerBreaches() {
  const calls: { method: string; body?: unknown }[] = [];
  server.use(
    http.get('/api/v2/breaches', () =>
      HttpResponse.json([due, overdue, notified], {
        headers: { 'Content-Range': 'breaches 0-2/3' },
      }),
    ),
    http.get(`/api/v2/breaches/${due.id}`, () => HttpResponse.json(due)),
    http.post('/api/v2/breaches', async ({ request }) => {
      const body = (await request.json()) as object;
      calls.push({ method: 'POST', body });
      return HttpResponse.json({ ...due, ...body, id: 'new' }, { status: 201 });
    }),
    http.put(`/api/v2/breaches/${due.id}`, async ({ request }) => {
      const body = (await request.json()) as object;
      calls.push({ method: 'PUT', body });
      return HttpResponse.json({ ...due, ...body });
    }),
  );
  return calls;
}

describe('the NDPC deadline of an entry', () => {
  const now = Date.parse('2025-03-10T12:00:00.000Z');
  const entry = { ndpc_notified_at: null, status: 'open' as const };
  it.each([
    ['2025-03-11T02:30:00.000Z', { kind: 'due', hours: 14 }],
    ['2025-03-10T12:40:00.000Z', { kind: 'due', hours: 0 }],
    ['2025-03-10T08:50:00.000Z', { kind: 'overdue', hours: 3 }],
  ])('deadline %s → %o', (deadline, want) => {
    expect(ndpcDeadlineOf({ ...entry, ndpc_deadline: deadline }, now)).toMatchObject(want);
  });
  it('a notified entry says when, a closed one never notified says nothing', () => {
    const deadline = '2025-03-09T12:00:00.000Z';
    expect(
      ndpcDeadlineOf(
        { ndpc_notified_at: deadline, status: 'closed', ndpc_deadline: deadline },
        now,
      ),
    ).toEqual({ kind: 'notified', at: deadline });
    expect(ndpcDeadlineOf({ ...entry, status: 'closed', ndpc_deadline: deadline }, now)).toEqual({
      kind: 'none',
    });
  });
});

describe('Admin → Data breaches', { timeout: 60_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('lists the register with each open entry’s 72-hour deadline, overdue in red', async () => {
    signIn(adminAccount);
    answerBreaches();
    await renderApp('/admin/breaches');
    expect(
      await screen.findByText(/Notify NDPC by .* \(in 14 h\)/, undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const late = screen.getByText('Overdue by 3 h');
    // The theme's error red (src/layout/theme.ts).
    expect(getComputedStyle(late).color).toMatch(/rgb\(198, 40, 40\)|#c62828/i);
    expect(
      screen.getByText('NDPC notified March 4, 2025 at', { exact: false }),
    ).toBeInTheDocument();
  });

  it('records a breach, sending ISO times', async () => {
    signIn(adminAccount);
    const calls = answerBreaches();
    const { user } = await renderApp('/admin/breaches/create');
    await user.type(
      await screen.findByRole('textbox', { name: /What happened/ }, { timeout: 15_000 }),
      'Laptop stolen',
    );
    await user.type(screen.getByRole('textbox', { name: /Data and people affected/ }), 'Names');
    const found = screen.getByLabelText(/When it was found/);
    await user.type(found, '2025-03-01T10:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({
      description: 'Laptop stolen',
      data_affected: 'Names',
      found_at: new Date('2025-03-01T10:30').toISOString(),
      occurred_at: null,
      ndpc_notified_at: null,
      who_was_told: '',
      status: 'open',
    });
  });

  it('edits an entry: NDPC notified, closed', async () => {
    signIn(adminAccount);
    const calls = answerBreaches();
    const { user } = await renderApp(`/admin/breaches/${due.id}`);
    const notifiedAt = await screen.findByLabelText(/NDPC notified at/, undefined, {
      timeout: 15_000,
    });
    await user.type(notifiedAt, '2025-03-02T09:00');
    await user.click(screen.getByRole('combobox', { name: /Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      body: { status: 'closed', ndpc_notified_at: new Date('2025-03-02T09:00').toISOString() },
    });
    expect(Object.keys(calls[0]!.body as object)).not.toContain('ndpc_deadline');
  });

  it('is not in a company’s area', async () => {
    signIn(companyAccount);
    await renderApp('/company/settings');
    await screen.findByText(/Settings/, undefined, { timeout: 10_000 });
    expect(screen.queryByText('Data breaches')).not.toBeInTheDocument();
  });
});
