const naira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** NGN amounts as the app shows them (DESIGN §3): `₦1,234.50`. */
export const formatNaira = (amount: number): string => naira.format(amount);
