/** Money is integer kobo inside, NGN with at most 2 decimals on the wire (DESIGN §3). */

/** NGN → kobo, or undefined when the amount has more than 2 decimals. */
export function ngnToKobo(amount: number): number | undefined {
  const kobo = Math.round(amount * 100);
  return Math.abs(amount * 100 - kobo) < 1e-6 ? kobo : undefined;
}

export const koboToNgn = (kobo: number | string | null): number | null =>
  kobo === null ? null : Number(kobo) / 100;
