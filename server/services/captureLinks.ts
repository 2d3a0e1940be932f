import { isIP } from 'node:net';
import { capturePathPrefix } from '../../reference/capturePath';
import { isOpenJobStatus } from '../../reference/jobStatuses';
import type { CaptureTokenRow } from '../repositories/captures';
import { notFound } from '../errors';
import { createSealer, randomToken, sha256 } from './secrets';

/** Capture tokens are base64url; anything else is not worth a database lookup. */
export const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{22,128}$/.test(token);

export const invalidLink = 'This capture link is invalid or has expired';

/** 404 unless the link is live and its job still open for capture. */
export function requireOpen(row: Pick<CaptureTokenRow, 'live' | 'status' | 'code'>) {
  if (!row.live) throw notFound(invalidLink);
  if (['submitted', 'approved', 'rejected'].includes(row.status)) {
    throw notFound(`The evidence for ${row.code} has already been submitted`);
  }
  if (!isOpenJobStatus(row.status)) {
    throw notFound(`${row.code} is no longer open for capture`);
  }
}

/** How long a link outlives the job's deadline (an overdue job can still be captured). */
export const captureLinkGraceDays = 7;

/**
 * Capture links (DESIGN §3): a 256-bit random token, looked up by its SHA-256. The token itself is
 * also kept sealed (AES-256-GCM under a key derived from JWT_SECRET) so the job profile and the
 * agent's "my jobs" can show a link again without issuing a new one (which would revoke the link
 * the agent already holds). A database leak alone yields neither tokens nor links; whoever holds
 * JWT_SECRET as well could already mint any access token. Rotating JWT_SECRET leaves links
 * working (the hash still matches) but no longer showable: re-issuing gives a fresh one.
 */
export function createCaptureLinks(opts: { secret: string; publicUrl: string }) {
  const { seal, open } = createSealer(opts.secret, 'capture-links');
  const loopback = isLoopbackUrl(opts.publicUrl);

  return {
    /** A new token: the raw value (shown once), its hash (the lookup key) and its sealed form. */
    newToken() {
      const token = randomToken();
      return { token, hash: sha256(token), sealed: seal(token) };
    },

    /** The raw token again, or undefined if it was sealed under another secret. */
    open,

    url: (token: string) => `${opts.publicUrl}${capturePathPrefix}${token}`,
    hash: sha256,
    /** PUBLIC_URL when links made from it only open on this machine; null when phones can try. */
    loopbackPublicUrl: loopback ? opts.publicUrl : null,
  };
}

/**
 * Whether `url` names this machine only (localhost, 127.0.0.0/8, ::1, 0.0.0.0, ::): a phone
 * opening a capture link made from it reaches itself, not the server.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.') || bare === '0.0.0.0';
  if (isIP(bare) === 6) {
    if (bare === '::1' || bare === '::') return true;
    // An IPv4-mapped loopback (::ffff:127.0.0.1, which URL writes as ::ffff:7f00:1).
    return /^::ffff:(127\.|7f[0-9a-f]{2}:)/.test(bare);
  }
  return false;
}

export type CaptureLinks = ReturnType<typeof createCaptureLinks>;
