/** Money is integer kobo inside, NGN with at most 2 decimals on the wire (DESIGN §3). */
import { fieldError } from '../errors';

/** NGN → kobo, or undefined when the amount has more than 2 decimals. */
export function ngnToKobo(amount: number): number | undefined {
  const kobo = Math.round(amount * 100);
  return Math.abs(amount * 100 - kobo) < 1e-6 ? kobo : undefined;
}

/** An amount the API takes in: at least 1 kobo, at most 2 decimals, or a 400 naming `field`. */
export function positiveKobo(field: string, amount: number): number {
  const kobo = ngnToKobo(amount);
  if (kobo === undefined || kobo <= 0) {
    throw fieldError(field, `${field} must be at least 0.01 with at most 2 decimals`);
  }
  return kobo;
}

export const koboToNgn = (kobo: number | string | null): number | null =>
  kobo === null ? null : Number(kobo) / 100;

const grouped = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `₦1,234.50`, as the UI shows money (messages name amounts this way). */
export const naira = (kobo: number) => `₦${grouped.format(kobo / 100)}`;

/** `NGN 1,234.50`: PDFs use the built-in Helvetica, which has no ₦ glyph. */
export const ngnText = (kobo: number) => `NGN ${grouped.format(kobo / 100)}`;
