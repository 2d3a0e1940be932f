import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { backgroundHandlers } from './jobsFixtures';
import { moneyBackgroundHandlers } from './moneyFixtures';

/**
 * The API as the web tests see it: each test declares the answers it needs (server.use). The
 * dashboard's background calls answer empty by default, so that a test about something else
 * does not have to.
 */
export const server = setupServer(
  ...backgroundHandlers,
  ...moneyBackgroundHandlers,
  // The menu's unread badge asks on every signed-in page.
  http.get('/api/v2/messages/unread-count', () => HttpResponse.json({ count: 0 })),
  // Settings lists the signed-in devices.
  http.get('/api/v2/auth/sessions', () => HttpResponse.json([])),
  // Settings reads the account afresh (two-factor state): the signed-in one, as the server has it.
  http.get('/api/v2/auth/me', () =>
    HttpResponse.json(JSON.parse(localStorage.getItem('account') ?? 'null')),
  ),
);

export const commonPasswordMessage =
  'This password is one of the most commonly used passwords, which attackers try first. Please choose a less common one.';

/** The API's refusal of a common password on `route` (sign-up, set-password). */
export const refuseCommonPassword = (route: string) =>
  server.use(
    http.post(route, () =>
      HttpResponse.json(
        {
          message: commonPasswordMessage,
          errors: [{ field: 'password', msg: commonPasswordMessage }],
        },
        { status: 400 },
      ),
    ),
  );
