import { SignJWT, jwtVerify } from 'jose';

export const accessTokenTtlSeconds = 15 * 60;

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
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
        return { sub: payload.sub, sid: payload.sid };
      } catch {
        return undefined;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
