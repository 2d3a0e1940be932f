import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/queryClient';

describe('queryClient (spec §9)', () => {
  const { queries } = createQueryClient().getDefaultOptions();
  const retry = queries?.retry as (failureCount: number, error: unknown) => boolean;

  it('does not refetch on window focus', () => {
    expect(queries?.refetchOnWindowFocus).toBe(false);
  });

  it('retries a failed read up to 3 times', () => {
    const serverError = new HttpError('Internal Server Error', 500);
    const offline = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((failures) => retry(failures, serverError))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(retry(2, offline)).toBe(true);
  });

  it('does not retry what the server refused, but for timeouts and rate limits', () => {
    expect(retry(0, new HttpError('Unauthorized', 401))).toBe(false);
    expect(retry(0, new HttpError('Not Found', 404))).toBe(false);
    expect(retry(0, new HttpError('Too Many Requests', 429))).toBe(true);
  });
});
