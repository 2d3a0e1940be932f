import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './support/server';
import { dropGeneratedStyles } from './support/styles';

// The first render of an area loads its lazy chunk; on a busy 2-core machine that can take seconds.
configure({ asyncUtilTimeout: 5000 });
dropGeneratedStyles();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
