import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
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

/**
 * Seals short secrets the server must read again (capture tokens, webhook signing secrets):
 * AES-256-GCM under a key derived from the app's secret for one `purpose`, so a database leak
 * alone yields none of them. `open` answers undefined for a value sealed under another secret.
 */
export function createSealer(appSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, purpose, 'aes-256-gcm v1', 32));
  return {
    seal(value: string) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return ['v1', iv, data, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string | undefined {
      const [version, iv, data, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || !data || !tag) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(data, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
