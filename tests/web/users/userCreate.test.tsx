import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp } from '../support/renderApp';
import { server } from '../support/server';
import { signIn } from '../support/session';
import { answerUsers, creatorAccount } from './fixtures';

/** Answers the invitation with `answer`; returns the bodies sent. */
function answerInvite(answer: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/v2/auth/invite-admin', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

type User = Awaited<ReturnType<typeof renderApp>>['user'];

/** Fills a field as a paste: typing key by key is slow on a full app in jsdom. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillStepOne(user: User, confirm: string) {
  await fill(user, await screen.findByLabelText(/First name/, {}, { timeout: 20_000 }), 'Chiamaka');
  await fill(user, screen.getByLabelText(/Last name/), 'Nwosu');
  await fill(user, screen.getByLabelText(/Email/), 'chiamaka@verify.ng');
  await fill(user, screen.getByLabelText(/Phone/), '0803 555 0101');
  await fill(user, screen.getByLabelText(/^Password/), 'kola-nut-garden-42');
  await fill(user, screen.getByLabelText(/Confirm password/), confirm);
}

/** A full app per test on a shared 2-core machine. */
const slow = 90_000;

describe('Create New Admin (users/create)', () => {
  it(
    "shows 'Passowrds must match!' and sends nothing when the passwords differ",
    async () => {
      signIn(creatorAccount);
      const sent = answerInvite(() => HttpResponse.json({}, { status: 201 }));
      const { user } = await renderApp('/admin/users/create');
      await fillStepOne(user, 'something-else-42');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect((await screen.findAllByText('Passowrds must match!')).length).toBeGreaterThan(0);
      // still on step 1: no permission checkboxes, nothing sent
      expect(screen.queryByRole('button', { name: 'CREATE USER' })).toBeNull();
      expect(sent).toEqual([]);
    },
    slow,
  );

  it(
    'goes to the permissions, offers only the labels the creator holds, creates, toasts and goes back',
    async () => {
      signIn(creatorAccount);
      answerUsers();
      const sent = answerInvite(() => HttpResponse.json({ id: 'new' }, { status: 201 }));
      const { user } = await renderApp('/admin/users/users');
      await user.click(await screen.findByRole('link', { name: 'Create New Admin' }));
      await waitFor(() => expect(currentPath()).toBe('/admin/users/create'));
      await fillStepOne(user, 'kola-nut-garden-42');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      // the three labels the creator holds, no more
      expect(await screen.findAllByRole('checkbox')).toHaveLength(3);
      expect(screen.getByLabelText('View Job History')).toBeInTheDocument();
      expect(screen.queryByLabelText('Create Job')).toBeNull();
      await user.click(screen.getByLabelText('View Job History'));
      await user.click(screen.getByRole('button', { name: 'CREATE USER' }));

      expect(await screen.findByText('Sub Admin Created successfully!')).toBeInTheDocument();
      expect(sent).toEqual([
        {
          first_name: 'Chiamaka',
          last_name: 'Nwosu',
          email: 'chiamaka@verify.ng',
          phone: '0803 555 0101',
          password: 'kola-nut-garden-42',
          permission: ['View Job History'],
        },
      ]);
      await waitFor(() => expect(currentPath()).toBe('/admin/users/users'));
    },
    slow,
  );

  it(
    'toasts the message of a refusal and stays',
    async () => {
      signIn(creatorAccount);
      answerInvite(() =>
        HttpResponse.json(
          {
            message: 'An account with this email already exists',
            errors: [{ field: 'email', msg: 'An account with this email already exists' }],
          },
          { status: 400 },
        ),
      );
      const { user } = await renderApp('/admin/users/create');
      await fillStepOne(user, 'kola-nut-garden-42');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await user.click(await screen.findByRole('button', { name: 'CREATE USER' }));
      expect(
        await screen.findByText('An account with this email already exists'),
      ).toBeInTheDocument();
      expect(currentPath()).toBe('/admin/users/create');
    },
    slow,
  );
});
