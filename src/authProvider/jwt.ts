/**
 * Reads the `exp` claim of a JWT without verifying it: the server verifies, the browser only
 * needs to know when to refresh.
 */
export function tokenExpiresAt(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (claims && typeof claims === 'object' && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp * 1000;
    }
  } catch {
    // not a JWT we can read: treated as expired below
  }
  return undefined;
}

/**
 * True when the token is expired or expires within `marginMs`, so that a request sent now does
 * not reach the server with a token that dies on the way. Unreadable tokens count as expired.
 */
export function isTokenExpired(token: string, now = Date.now(), marginMs = 30_000): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === undefined || expiresAt - marginMs <= now;
}
