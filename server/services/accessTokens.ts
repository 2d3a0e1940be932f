import { createSigner, createVerifier } from 'fast-jwt';

export const accessTokenTtlSeconds = 15 * 60;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  sub: string;
  /** The session (sign-in) the token belongs to: revoking it ends the token too. */
  sid: string;
}

/**
 * Short-lived HS256 access tokens, through fast-jwt (the library behind @fastify/jwt): with a
 * string key it signs and verifies synchronously with node:crypto, a few microseconds a token,
 * where a WebCrypto verify cost about 0.1 ms on every signed-in request.
 */
export function createAccessTokens(secret: string) {
  const signers = new Map<number, (payload: object) => string>();
  const signerFor = (ttlSeconds: number) => {
    let signer = signers.get(ttlSeconds);
    if (!signer) {
      signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
      signers.set(ttlSeconds, signer);
    }
    return signer;
  };
  // A token without an expiry would never end; ids that are not uuids would fail in SQL.
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    requiredClaims: ['exp', 'sub', 'sid'],
    cache: false,
  });
  return {
    sign: (claims: AccessClaims, ttlSeconds = accessTokenTtlSeconds) =>
      signerFor(ttlSeconds)({ sub: claims.sub, sid: claims.sid }),

    /** The claims of a token this server signed and that has not expired, or undefined. */
    verify(token: string): AccessClaims | undefined {
      let payload: Record<string, unknown>;
      try {
        payload = verifier(token) as Record<string, unknown>;
      } catch {
        return undefined;
      }
      const { sub, sid, exp } = payload;
      if (typeof exp !== 'number') return undefined;
      if (typeof sub !== 'string' || typeof sid !== 'string') return undefined;
      if (!uuid.test(sub) || !uuid.test(sid)) return undefined;
      return { sub, sid };
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
