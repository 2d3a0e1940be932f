import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Webhook, WebhookDelivery } from '../../../src/resources/webhooks/types';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { companyAccount, signIn } from '../support/session';

const hook: Webhook = {
  id: '5b000000-0000-4000-8000-000000000001',
  company_id: 'c1',
  company_name: 'Lagos Credit Ltd',
  url: 'https://hooks.lagoscredit.example/verification',
  events: ['job.created', 'job.approved'],
  enabled: true,
  created_at: '2025-03-01T10:00:00.000Z',
  disabled_at: null,
  failing_since: null,
  last_delivery_status: 'delivered',
  last_delivery_at: '2025-03-02T10:00:00.000Z',
};

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '5c000000-0000-4000-8000-000000000001',
  event_id: '5d000000-0000-4000-8000-000000000001',
  event_type: 'job.created',
  job_id: 'j1',
  status: 'delivered',
  attempts: 1,
  last_status_code: 200,
  last_error: null,
  last_duration_ms: 182,
  next_attempt_at: null,
  delivered_at: '2025-03-02T10:00:00.000Z',
  created_at: '2025-03-02T10:00:00.000Z',
  ...over,
});

function answerWebhooks() {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  server.use(
    http.get('/api/v2/webhooks', () =>
      HttpResponse.json([hook], { headers: { 'Content-Range': 'webhooks 0-0/1' } }),
    ),
    http.get(`/api/v2/webhooks/${hook.id}`, () => HttpResponse.json(hook)),
    http.get(`/api/v2/webhooks/${hook.id}/deliveries`, () =>
      HttpResponse.json(
        [
          delivery(),
          delivery({
            id: '5c000000-0000-4000-8000-000000000002',
            status: 'failed',
            attempts: 2,
            last_status_code: 500,
            last_duration_ms: 95,
          }),
        ],
        { headers: { 'Content-Range': 'deliveries 0-1/2' } },
      ),
    ),
    http.post('/api/v2/webhooks', async ({ request }) => {
      const body = await request.json();
      calls.push({ method: 'POST', path: '/webhooks', body });
      return HttpResponse.json(
        { ...hook, ...(body as object), secret: 'whsec_shown_once' },
        { status: 201 },
      );
    }),
    http.post('/api/v2/webhooks/:id/deliveries/:deliveryId/resend', ({ params }) => {
      calls.push({ method: 'POST', path: `resend ${String(params.deliveryId)}` });
      return HttpResponse.json({ id: params.deliveryId }, { status: 202 });
    }),
    http.post('/api/v2/webhooks/:id/test', () => {
      calls.push({ method: 'POST', path: 'test' });
      return HttpResponse.json({ ok: true, status_code: 204, error: null, duration_ms: 40 });
    }),
  );
  return calls;
}

describe('Settings → Webhooks (company area)', { timeout: 60_000 }, () => {
  it('lists the endpoints with their status and last delivery', async () => {
    signIn(companyAccount);
    answerWebhooks();
    await renderApp('/company/webhooks');
    expect(await screen.findByText(hook.url)).toBeInTheDocument();
    expect(screen.getByText('job.created, job.approved')).toBeInTheDocument();
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    expect(screen.getByText(/Delivered/)).toBeInTheDocument();
  });

  it('creates an endpoint and shows its secret once', async () => {
    signIn(companyAccount);
    const calls = answerWebhooks();
    const { user } = await renderApp('/company/webhooks/create');
    await user.type(
      await screen.findByRole('textbox', { name: /URL/ }),
      'https://erp.example/hook',
    );
    await user.click(screen.getByRole('checkbox', { name: 'job.approved' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('whsec_shown_once')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/webhooks',
        body: { events: ['job.created', 'job.approved'], url: 'https://erp.example/hook' },
      },
    ]);
  });

  it('shows the delivery log, resends a delivery and sends a test event', async () => {
    signIn(companyAccount);
    const calls = answerWebhooks();
    const { user } = await renderApp(`/company/webhooks/${hook.id}/show`);
    expect(await screen.findByText('500')).toBeInTheDocument();
    expect(screen.getByText('182 ms')).toBeInTheDocument();
    expect(screen.getByText('Failed, retrying')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Resend' })[1]!);
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toEqual([
        'resend 5c000000-0000-4000-8000-000000000002',
        'test',
      ]),
    );
    expect(await screen.findByText('The endpoint answered 204')).toBeInTheDocument();
  });

  it('keeps the screens from a sub-user (owners only)', async () => {
    signIn({ ...companyAccount, role: 'sub-admin', permissions: ['View Job History'] });
    answerWebhooks();
    await renderApp('/company/settings');
    await screen.findByText(/Settings/, undefined, { timeout: 10_000 });
    expect(screen.queryByText('Webhooks')).not.toBeInTheDocument();
  });
});
