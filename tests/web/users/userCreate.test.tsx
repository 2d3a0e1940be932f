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

async function fillStepOne(user: User) {
  await fill(user, await screen.findByLabelText(/First name/, {}, { timeout: 20_000 }), 'Chiamaka');
  await fill(user, screen.getByLabelText(/Last name/), 'Nwosu');
  await fill(user, screen.getByLabelText(/Email/), 'chiamaka@verify.ng');
  await fill(user, screen.getByLabelText(/Phone/), '0803 555 0101');
}

/** A full app per test on a shared 2-core machine. */
const slow = 90_000;

describe('Create New Admin (users/create)', () => {
  it(
    'asks the creator for no password: the invited user chooses it from the mailed link',
    async () => {
      signIn(creatorAccount);
      const sent = answerInvite(() => HttpResponse.json({}, { status: 202 }));
      const { user } = await renderApp('/admin/users/create');
      await screen.findByLabelText(/First name/, {}, { timeout: 20_000 });
      expect(screen.queryByLabelText(/password/i)).toBeNull();
      expect(document.querySelector('input[type="password"]')).toBeNull();
      expect(
        screen.getByText(
          'We will email them a link to choose their own password; they can sign in once they have.',
        ),
      ).toBeInTheDocument();
      // step 1's fields are still required: nothing is sent without them
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
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
      const sent = answerInvite(() =>
        HttpResponse.json(
          {
            message: 'Invitation sent: they will get an email with a link to set their password.',
          },
          { status: 202 },
        ),
      );
      const { user } = await renderApp('/admin/users/users');
      await user.click(await screen.findByRole('link', { name: 'Create New Admin' }));
      await waitFor(() => expect(currentPath()).toBe('/admin/users/create'));
      await fillStepOne(user);
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
          { message: 'Too many requests. Please wait 60 minutes and try again.' },
          { status: 429 },
        ),
      );
      const { user } = await renderApp('/admin/users/create');
      await fillStepOne(user);
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await user.click(await screen.findByRole('button', { name: 'CREATE USER' }));
      expect(
        await screen.findByText('Too many requests. Please wait 60 minutes and try again.'),
      ).toBeInTheDocument();
      expect(currentPath()).toBe('/admin/users/create');
    },
    slow,
  );
});
