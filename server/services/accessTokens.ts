import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export const accessTokenTtlSeconds = 15 * 60;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  sub: string;
  /** The session (sign-in) the token belongs to: revoking it ends the token too. */
  sid: string;
}

/** Short-lived HS256 access tokens. */
export function createAccessTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  const hmacKey = createSecretKey(key);
  return {
    sign: (claims: AccessClaims, ttlSeconds = accessTokenTtlSeconds) =>
      new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),

    /**
     * The claims of a token this server signed and that has not expired. Checked here with one
     * HMAC (a few microseconds) rather than through jose's WebCrypto path (about 0.1 ms), on
     * every signed-in request: the signature as the exact text HS256 gives, the header naming
     * HS256 and nothing it would have to understand, `exp` (a token without one would never
     * end) and `nbf`, and ids that are uuids (anything else would fail in SQL).
     */
    verify(token: string): AccessClaims | undefined {
      const [header, payload, signature, ...rest] = token.split('.');
      if (header === undefined || payload === undefined || signature === undefined || rest.length)
        return undefined;
      const expected = Buffer.from(
        createHmac('sha256', hmacKey).update(`${header}.${payload}`).digest('base64url'),
      );
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const h = jsonPart(header);
      if (h?.alg !== 'HS256' || 'crit' in h) return undefined;
      const c = jsonPart(payload);
      const now = Math.floor(Date.now() / 1000);
      if (typeof c?.exp !== 'number' || c.exp <= now) return undefined;
      if (c.nbf !== undefined && (typeof c.nbf !== 'number' || c.nbf > now)) return undefined;
      const { sub, sid } = c;
      if (typeof sub !== 'string' || typeof sid !== 'string') return undefined;
      if (!uuid.test(sub) || !uuid.test(sid)) return undefined;
      return { sub, sid };
    },
  };
}

/** A JSON object from a token's base64url part; undefined when it is not one. */
function jsonPart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
