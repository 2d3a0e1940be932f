import { SignJWT, jwtVerify } from 'jose';

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
  return {
    sign: (claims: AccessClaims, ttlSeconds = accessTokenTtlSeconds) =>
      new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),

    async verify(token: string): Promise<AccessClaims | undefined> {
      try {
        // A token without an expiry would never end; ids that are not uuids would fail in SQL.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        const { sub, sid } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string') return undefined;
        if (!uuid.test(sub) || !uuid.test(sid)) return undefined;
        return { sub, sid };
      } catch {
        return undefined;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
