import { setupServer } from 'msw/node';
import { backgroundHandlers } from './jobsFixtures';

/**
 * The API as the web tests see it: each test declares the answers it needs (server.use). The
 * dashboard's background calls answer empty by default, so that a test about something else
 * does not have to.
 */
export const server = setupServer(...backgroundHandlers);
