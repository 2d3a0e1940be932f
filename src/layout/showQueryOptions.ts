import { retryRead } from '../queryClient';

/**
 * For `<ShowBase queryOptions>`: the page shows a failed read itself (react-admin's default is an
 * "element does not exist" toast and a redirect to the list) and retries it like every other read.
 */
export const ownErrorDisplay = {
  onError: () => undefined,
  retry: retryRead,
};

/**
 * For `<ShowBase>` on a route behind `<Guarded>`: the route has checked the right already, so the
 * read starts at once instead of after a second check of the same right.
 */
export const checkedByRoute = { disableAuthentication: true } as const;
