import { capturePathPrefix } from '../../reference/capturePath';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** A due time as the back-office shows it, e.g. "January 5, 2025 at 2:30 PM" (no date-fns here). */
export const formatDateTime = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
};

/** The token of `/automatic-address-verification/{token}`, or null. */
export function tokenFromPath(pathname: string): string | null {
  if (!pathname.startsWith(capturePathPrefix)) return null;
  const m = /^([^/]+)\/?$/.exec(pathname.slice(capturePathPrefix.length));
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}
