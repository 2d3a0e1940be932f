import { formatNaira, formatNgnText, koboToNgn, ngnToKobo } from '../../reference/money';
import { fieldError } from '../errors';

export { koboToNgn, ngnToKobo };

/** An amount the API takes in: at least 1 kobo, at most 2 decimals, or a 400 naming `field`. */
export function positiveKobo(field: string, amount: number): number {
  const kobo = ngnToKobo(amount);
  if (kobo === undefined || kobo <= 0) {
    throw fieldError(field, `${field} must be at least 0.01 with at most 2 decimals`);
  }
  return kobo;
}

/** Kobo as the UI shows money, `₦1,234.50` (messages name amounts this way). */
export const naira = (kobo: number) => formatNaira(koboToNgn(kobo) ?? 0);

/** Kobo as `NGN 1,234.50`, for PDFs. */
export const ngnText = (kobo: number) => formatNgnText(koboToNgn(kobo) ?? 0);
