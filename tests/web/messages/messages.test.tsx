import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recipientSortFields } from '../../../server/schemas/messages';
import type { Message, Recipient } from '../../../src/resources/messages/types';
import { renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { adminAccount, companyAccount, signIn } from '../support/session';

const ada: Recipient = {
  id: '7a000000-0000-4000-8000-000000000001',
  full_name: 'Ada Okafor',
  role: 'admin',
  company_name: null,
  staff: true,
};
const chidi: Recipient = {
  id: '7a000000-0000-4000-8000-000000000002',
  full_name: 'Chidi Nwosu',
  role: 'company',
  company_name: 'Kano Foods Ltd',
  staff: false,
};

const inboxMessage = (over: Partial<Message> = {}): Message => ({
  id: '3e000000-0000-4000-8000-000000000001',
  subject: 'Invoice for March',
  body: 'Good morning,\nthe invoice is attached.',
  sender_id: ada.id,
  sender_name: 'Ada Okafor',
  sender_company_name: null,
  recipient_id: companyAccount.id,
  recipient_name: 'Adaeze Okafor',
  recipient_company_name: 'Lagos Freight Ltd',
  audience: null,
  recipient_count: 1,
  created_at: '2025-03-01T10:00:00.000Z',
  box: 'inbox',
  read: false,
  ...over,
});

/** The recipient picker's API: filtered by `q`, by `id` for the prefilled one. */
function answerRecipients(all: Recipient[]) {
  server.use(
    http.get('/api/v2/message-recipients', ({ request }) => {
      const params = new URL(request.url).searchParams;
      // The server sorts by these only (anything else is a 400).
      const [field] = JSON.parse(params.get('sort') ?? '["full_name"]') as [string];
      if (!(recipientSortFields as readonly string[]).includes(field)) {
        return HttpResponse.json({ message: `cannot be sorted by ${field}` }, { status: 400 });
      }
      const filter = JSON.parse(params.get('filter') ?? '{}') as {
        q?: string;
        id?: string[];
      };
      const rows = all.filter(
        (r) =>
          (!filter.id || filter.id.includes(r.id)) &&
          (!filter.q || r.full_name.toLowerCase().includes(filter.q.toLowerCase())),
      );
      return HttpResponse.json(rows, {
        headers: { 'Content-Range': `message-recipients 0-${rows.length}/${rows.length}` },
      });
    }),
  );
}

/** `POST /messages`, recording the bodies. */
function answerSend() {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/v2/messages', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      bodies.push(body);
      return HttpResponse.json(inboxMessage({ ...body, box: 'sent', read: true }), {
        status: 201,
      });
    }),
    http.get('/api/v2/messages', () =>
      HttpResponse.json([], { headers: { 'Content-Range': 'messages 0-0/0' } }),
    ),
  );
  return bodies;
}

// Typing into react-admin's inputs takes seconds on a busy 2-core machine.
describe('compose (messages/create)', { timeout: 60_000 }, () => {
  it('prefills the recipient from ?recipient_id= and sends subject and body to them', async () => {
    signIn(adminAccount);
    answerRecipients([ada, chidi]);
    const bodies = answerSend();
    const { user } = await renderApp(`/admin/messages/create?recipient_id=${chidi.id}`);

    const recipient = await screen.findByRole('combobox', { name: /Recipient/ });
    await waitFor(() => expect(recipient).toHaveValue('Chidi Nwosu · Kano Foods Ltd'));
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Your Kano jobs');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Two jobs are overdue.');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(bodies).toEqual([
        { recipient_id: chidi.id, subject: 'Your Kano jobs', body: 'Two jobs are overdue.' },
      ]),
    );
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
  });

  it('finds a recipient by typing part of the name', async () => {
    signIn(companyAccount);
    answerRecipients([ada, chidi]);
    const bodies = answerSend();
    const { user } = await renderApp('/company/messages/create');

    await user.type(await screen.findByRole('combobox', { name: /Recipient/ }), 'ada');
    await user.click(await screen.findByRole('option', { name: 'Ada Okafor (provider staff)' }));
    expect(screen.queryByRole('option', { name: /Chidi/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Wallet top-up');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Please confirm it.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { recipient_id: ada.id, subject: 'Wallet top-up', body: 'Please confirm it.' },
      ]),
    );
  });

  it('lets an admin write to all agents: the body names the audience, no recipient', async () => {
    signIn(adminAccount);
    answerRecipients([ada, chidi]);
    const bodies = answerSend();
    const { user } = await renderApp('/admin/messages/create');

    await user.click(await screen.findByRole('radio', { name: 'All agents' }));
    expect(screen.queryByRole('combobox', { name: /Recipient/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Payouts on Fridays');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'From next week.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { audience: 'agents', subject: 'Payouts on Fridays', body: 'From next week.' },
      ]),
    );
  });

  it('offers a company no broadcast, and sends nothing without a subject', async () => {
    signIn(companyAccount);
    answerRecipients([ada]);
    const bodies = answerSend();
    const { user } = await renderApp(`/company/messages/create?recipient_id=${ada.id}`);

    await screen.findByRole('combobox', { name: /Recipient/ });
    expect(screen.queryByRole('radio', { name: 'All agents' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});

describe('the unread badge in the menu', { timeout: 60_000 }, () => {
  it('shows the unread count, and drops when a message is opened', async () => {
    signIn(companyAccount);
    let unread = 2;
    const message = inboxMessage();
    server.use(
      http.get('/api/v2/messages/unread-count', () => HttpResponse.json({ count: unread })),
      http.get('/api/v2/messages', () =>
        HttpResponse.json([message], { headers: { 'Content-Range': 'messages 0-0/1' } }),
      ),
      http.get('/api/v2/messages/:id', () => {
        unread = 1; // the server marks it read when it is opened
        return HttpResponse.json({ ...message, read: true });
      }),
    );
    const { user } = await renderApp('/company/messages');

    const menuItem = await screen.findByRole('menuitem', { name: /Messages/ });
    await waitFor(() => expect(within(menuItem).getByText('2')).toBeInTheDocument());
    const subject = await screen.findByText('Invoice for March');
    expect(subject.tagName).toBe('STRONG'); // unread

    await user.click(subject);
    expect(await screen.findByText(/the invoice is attached/)).toBeInTheDocument();
    await waitFor(() => expect(within(menuItem).getByText('1')).toBeInTheDocument());
  });
});
