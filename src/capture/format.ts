import { capturePathPrefix } from '../../reference/capturePath';
import { formatDisplayDateTime } from '../formatting/dates';

/**
 * A due time as the back-office shows it, in Lagos time whatever the phone's zone, e.g. "January
 * 5, 2025 at 2:30 PM" (the app's one date writer: plain Intl, no date-fns in this bundle).
 */
export const formatDateTime = (iso: string) => formatDisplayDateTime(iso);

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
