import { matchBill } from '../../../server/services/checks/billMatch';

/** Bills' read text as OCR gives it, for the bill matcher's tests (billText, billName…). */

export const capturedAt = new Date('2026-10-20T10:00:00Z');
export const claim = { subjectName: 'Adebayo Okonkwo', address: '14 Bode Thomas Street, Surulere' };

/** A bill as OCR gives it, with the lines given. */
export const bill = (lines: Partial<Record<'issuer' | 'name' | 'address' | 'date', string>>) =>
  [
    lines.issuer ?? 'EKO ELECTRICITY DISTRIBUTION PLC',
    'Electricity Bill - Customer Copy',
    `Customer Name: ${lines.name ?? 'Adebayo Okonkwo'}`,
    'Account No: 21/40/23/4487-01',
    'Meter No: 82362041759',
    `Address: ${lines.address ?? '14 Bode Thomas Street, Surulere'}`,
    `Bill Date: ${lines.date ?? '06/10/2026'}`,
    'Due Date: 20/10/2026',
    'Previous Balance N13,943.00',
    'Energy Charge N12,619.00',
    'Total Amount Due N29,557.00',
  ].join('\n');

export const codes = (text: string, c = claim, at = capturedAt) =>
  matchBill(text, c, at).warnings.map((w) => w.code);

/** Ten readable words on two lines that name nobody, no street and no date. */
export const filler = 'Electricity bill customer copy\nThank you for your patronage always';

/** The match of `lines` on a bill with the filler above them, apart by a blank line. */
export const read = (
  lines: string,
  subjectName: string,
  address: string | null = null,
  at: Date = capturedAt,
) => matchBill(`${filler}\n\n${lines}\n\n`, { subjectName, address }, at);

export const messages = (
  lines: string,
  address: string | null = '14 Bode Thomas Street',
  at?: Date,
) =>
  matchBill(`${filler}\n${lines}`, { subjectName: 'Adebayo Okonkwo', address }, at ?? capturedAt)
    .warnings;
