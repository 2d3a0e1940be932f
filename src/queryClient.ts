import { QueryClient } from '@tanstack/react-query';
import { statusOf } from './httpClient/httpClient';

/** A request the server refused (4xx but timeouts and rate limits) gets the same answer again. */
export const isRefused = (error: unknown) => {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
};

/** Spec §9: a failed read is retried up to 3 times, a refused one never. */
export const retryRead = (failureCount: number, error: unknown) =>
  failureCount < 3 && !isRefused(error);

/**
 * Spec §9: failed reads are retried up to 3 times, nothing is refetched on window focus.
 * Refused requests are not retried: a 401 must reach the login redirect at once.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryRead,
        refetchOnWindowFocus: false,
      },
    },
  });
}
