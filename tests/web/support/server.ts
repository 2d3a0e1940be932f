import { setupServer } from 'msw/node';

/** The API as the web tests see it: each test declares the answers it needs (server.use). */
export const server = setupServer();
