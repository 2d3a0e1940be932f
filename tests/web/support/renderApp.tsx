import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * Renders the real App at `path`. The app's modules are loaded afresh for each call, so that the
 * page-lifetime state (auth flags, query caches, stores) starts clean as on a real page load.
 */
export async function renderApp(path: string, { strictMode = false } = {}) {
  vi.resetModules();
  const { App } = await import('../../../src/App');
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  return { user, ...render(<App />, { reactStrictMode: strictMode }) };
}

export const currentPath = () => window.location.pathname;
