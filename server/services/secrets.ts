import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** 256 random bits, URL-safe: refresh tokens and one-time tokens. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as hashes, so a leaked table grants nothing; files are named by theirs. */
export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

// argon2id with the library's defaults (19 MiB, t=2), OWASP's minimum recommendation.
export const hashPassword = (password: string) => hash(password);

// Verifying against this when the email is unknown keeps both failures equally slow.
const dummyHash = hash('not-a-real-password-but-the-same-cost');

export async function verifyPassword(passwordHash: string | undefined, password: string) {
  if (!passwordHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
