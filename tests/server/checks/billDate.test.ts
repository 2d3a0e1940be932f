import { describe, expect, it } from 'vitest';
import {
  billDateOf,
  findDates,
  longDate,
  maxBillAgeMonths,
  tooOld,
} from '../../../server/services/checks/billDate';
import { capturedAt } from './billTexts';

/**
 * The date a bill is of: whole bills first, then each date form and label at its edges.
 */

describe("the bill's date", () => {
  it.each([
    ['12/03/2026', '2026-03-12'],
    ['12-03-2026', '2026-03-12'],
    ['12.03.26', '2026-03-12'],
    ['2026-03-12', '2026-03-12'],
    ['12-Mar-2026', '2026-03-12'],
    ['12 March 2026', '2026-03-12'],
    ['12th March, 2026', '2026-03-12'],
    ['March 12, 2026', '2026-03-12'],
    ['March 2026', '2026-03-01'],
    ['MAR 2026', '2026-03-01'],
    ['l2/O3/2O26', '2026-03-12'],
  ])('reads %s as %s', (written, date) => {
    expect(findDates(`Bill Date: ${written}`).map((d) => d.date)).toEqual([date]);
  });

  it('refuses dates that do not exist and words that only look like months', () => {
    expect(findDates('31/02/2026 and 13/13/2026')).toEqual([]);
    expect(findDates('Market 2026, Mayor 2025')).toEqual([]);
  });

  it('reads eight digits as a date after a date label only (OCR dropped the slashes)', () => {
    const dates = (text: string) => findDates(text).map((d) => d.date);
    // Bill 43 of seed 71000 and bill 21 of the neighbours' seed 63000, as they were read.
    expect(dates('Bill Date: 28092025\nDue Date: 121012025')).toEqual(['2025-09-28']);
    expect(dates('Bill Date: 27042026')).toEqual(['2026-04-27']);
    expect(dates('Due Date - 24052026')).toEqual(['2026-05-24']);
    // A number that is not labelled as a date, or a date that does not exist, is no date.
    expect(dates('Account No: 28092025\nMeter No 12052026')).toEqual([]);
    expect(dates('Bill Date:\n28092025')).toEqual([]);
    expect(dates('Bill Date: 31022026')).toEqual([]);
    expect(billDateOf('Bill Date: 28092025', capturedAt)).toMatchObject({
      date: '2025-09-28',
      monthOnly: false,
    });
    // The label ends where the number begins, not anywhere before it on the line.
    expect(dates('Date of issue unknown, ref 28092025')).toEqual([]);
  });

  it('takes the labelled bill date over the due date and payment dates', () => {
    const text = 'Last payment: 02/08/2026\nBill Date: 06/09/2026\nDue Date: 20/09/2026';
    expect(billDateOf(text, capturedAt)?.date).toBe('2026-09-06');
  });

  it('takes the billing period when that is what the bill gives', () => {
    expect(billDateOf('Billing Period: July 2026\nDue Date: 25/07/2026', capturedAt)).toMatchObject(
      { date: '2026-07-01', monthOnly: true },
    );
  });

  it('without labels, takes the latest date not after the capture', () => {
    expect(billDateOf('01/08/2026 05/09/2026 01/06/2030', capturedAt)?.date).toBe('2026-09-05');
    expect(billDateOf('no date here', capturedAt)).toBeNull();
  });

  it('is too old more than three months before the capture, counting a month to its end', () => {
    const at = new Date('2026-07-15T10:00:00Z');
    const day = (date: string) => ({ date, monthOnly: false, start: 0, end: 0 });
    expect(tooOld(day('2026-04-14'), at)).toBe(true);
    expect(tooOld(day('2026-04-16'), at)).toBe(false);
    expect(tooOld({ ...day('2026-04-01'), monthOnly: true }, at)).toBe(false);
    expect(tooOld({ ...day('2026-03-01'), monthOnly: true }, at)).toBe(true);
  });
});

describe('dates, at their edges', () => {
  it('takes two-digit years as 20xx and years 2000 to 2100 only', () => {
    const dates = (text: string) => findDates(text).map((d) => d.date);
    expect(dates('05/06/99')).toEqual(['2099-06-05']);
    expect(dates('01/01/2000 31/12/2100')).toEqual(['2000-01-01', '2100-12-31']);
    expect(dates('05/06/1999 05/06/2101')).toEqual([]);
  });

  it('knows the length of each month and leap years', () => {
    const dates = (text: string) => findDates(text).map((d) => d.date);
    expect(dates('31/05/2026 31/04/2026 29/02/2028 29/02/2027')).toEqual([
      '2026-05-31',
      '2028-02-29',
    ]);
    expect(dates('00/05/2026 05/00/2026 2026-00-05 2026-05-00')).toEqual([]);
  });

  it('reads ordinals, shortened and misspelt months, and digits read as letters', () => {
    const dates = (text: string) => findDates(text).map((d) => [d.date, d.monthOnly]);
    expect(dates('1st March 2026')).toEqual([['2026-03-01', false]]);
    expect(dates('2nd Sept 2026')).toEqual([['2026-09-02', false]]);
    expect(dates('3rd Febuary 2026')).toEqual([['2026-02-03', false]]);
    expect(dates('Marc 2026')).toEqual([['2026-03-01', true]]);
    expect(dates('May 2026')).toEqual([['2026-05-01', true]]);
    expect(dates('March 2O26')).toEqual([['2026-03-01', true]]);
    expect(dates('I2/O3/2026')).toEqual([['2026-03-12', false]]);
    expect(dates('Jan 12 2026')).toEqual([['2026-01-12', false]]);
  });

  it('marks where each date is written, once', () => {
    const text = 'Date: 2026-03-12 and March 12, 2026';
    expect(findDates(text)).toEqual([
      { date: '2026-03-12', monthOnly: false, start: 6, end: 16 },
      { date: '2026-03-12', monthOnly: false, start: 21, end: 35 },
    ]);
  });

  it('takes a bill dated up to 62 days after the capture, not later', () => {
    expect(billDateOf('Bill Date: 21/12/2026', capturedAt)?.date).toBe('2026-12-21');
    expect(billDateOf('Bill Date: 22/12/2026', capturedAt)).toBeNull();
    // a month counts from its last day
    expect(billDateOf('Period: December 2026', capturedAt)).toBeNull();
    expect(billDateOf('Period: November 2026', capturedAt)?.date).toBe('2026-11-01');
  });

  it('prefers a labelled bill date, then an unlabelled one, then a due or payment date', () => {
    expect(billDateOf('Due date: 10/10/2026\n\n05/10/2026', capturedAt)?.date).toBe('2026-10-05');
    expect(billDateOf('Payment: 10/10/2026 Period: 05/09/2026', capturedAt)?.date).toBe(
      '2026-09-05',
    );
    expect(billDateOf('Period: September 2026\nDate: 30/09/2026', capturedAt)).toMatchObject({
      date: '2026-09-01',
      monthOnly: true,
    });
    expect(billDateOf('Due date: 10/10/2026\nLast paid: 12/10/2026', capturedAt)?.date).toBe(
      '2026-10-12',
    );
    // a label on the line above does not count
    expect(billDateOf('Bill date\n01/09/2026 05/09/2026', capturedAt)?.date).toBe('2026-09-05');
  });

  it(`is too old only past ${maxBillAgeMonths} months, to the millisecond`, () => {
    const day = (date: string, monthOnly = false) => ({ date, monthOnly, start: 0, end: 0 });
    const midnight = new Date('2026-07-15T00:00:00Z');
    expect(tooOld(day('2026-04-15'), midnight)).toBe(false);
    expect(tooOld(day('2026-04-14'), midnight)).toBe(true);
    // a month ends on its last day
    expect(tooOld(day('2026-04-01', true), new Date('2026-07-30T00:00:00Z'))).toBe(false);
    expect(tooOld(day('2026-04-01', true), new Date('2026-07-30T00:00:00.001Z'))).toBe(true);
  });
});

describe('the rest of the rule book', () => {
  it.each([
    'Bill Date',
    'BillDate',
    'Bill  Date',
    'Billing Date',
    'Billing  Period',
    'BillingPeriod',
    'Bill Month',
    'Date of Bill',
    'DateofBill',
    'Date  of  Issue',
    'Issue Date',
    'IssueDate',
    'Issue  Date',
    'Invoice Date',
    'InvoiceDate',
    'Invoice  Date',
    'Statement Date',
    'StatementDate',
    'Statement  Date',
    'Date Issued',
    'DateIssued',
    'Date  Issued',
    'Period',
    'Month',
    'Bill Date:-',
  ])('takes a date labelled "%s" over a later unlabelled one', (label) => {
    expect(billDateOf(`${label} 01/09/2026\n05/09/2026`, capturedAt)?.date).toBe('2026-09-01');
  });

  it.each([
    'Due',
    'Pay by',
    'PayBy',
    'Pay  by',
    'Last pay',
    'LastPay',
    'Last  paid',
    'Payment',
    'Previous',
    'Prev',
    'Read Date',
    'ReadingDate',
    'Reading  Date',
    'Meter read',
    'MeterRead',
    'Meter  read',
    'Printed',
    'Generated',
    'Due (latest)',
  ])('takes an unlabelled date over a later one labelled "%s"', (label) => {
    expect(billDateOf(`${label} 05/10/2026\n01/09/2026`, capturedAt)?.date).toBe('2026-09-01');
  });

  it('reads dates spaced out around their separators and months run into their numbers', () => {
    const dates = (text: string) => findDates(text).map((d) => d.date);
    expect(dates('12 / 03 / 2026')).toEqual(['2026-03-12']);
    expect(dates('12March 2026')).toEqual(['2026-03-12']);
    expect(dates('March12, 2026')).toEqual(['2026-03-12']);
    expect(dates('March 12,  2026')).toEqual(['2026-03-12']);
    expect(dates('March. 2026')).toEqual(['2026-03-01']);
    expect(dates("March, '2026")).toEqual(['2026-03-01']);
  });

  it('lists dates in the order they are written, whatever form each has', () => {
    expect(findDates('March 2026 then 12/03/2026').map((d) => d.start)).toEqual([0, 16]);
  });
});

describe('the edges the first run of mutants found', () => {
  it('takes a month with one slip in four letters', () => {
    expect(findDates('Junr 2026').map((d) => d.date)).toEqual(['2026-06-01']);
  });

  it('takes a bill dated 62 days after a capture at midnight, to the millisecond', () => {
    const midnight = new Date('2026-10-20T00:00:00Z');
    expect(billDateOf('Bill Date: 21/12/2026', midnight)?.date).toBe('2026-12-21');
  });
});

describe('the edges the full run of mutants found', () => {
  it('reads back digits read as letters in a whole date, followed by a space or not', () => {
    const dates = (text: string) => findDates(text).map((d) => d.date);
    expect(dates('Bill date O1/O2/2l due')).toEqual(['2021-02-01']);
    expect(dates('March 2O26 bill')).toEqual(['2026-03-01']);
    // Letters alone in a date's shape are not a date.
    expect(dates('ref lO/Ol/lI')).toEqual([]);
  });

  it('takes a two-digit year after a month written in words', () => {
    expect(findDates('15 Mar 26').map((d) => d.date)).toEqual(['2026-03-15']);
  });

  it('takes a label only just before its date', () => {
    expect(billDateOf('Bill date: 01/09/2026 Due date: 15/09/2026', capturedAt)?.date).toBe(
      '2026-09-01',
    );
    expect(
      billDateOf('Payment options at any bank branch 01/09/2026\n15/08/2026', capturedAt)?.date,
    ).toBe('2026-09-01');
  });
});

describe('a date in words, for the warning', () => {
  it('writes the day, the month and the year, a month-only date without its day', () => {
    expect(longDate({ date: '2026-03-12', monthOnly: false, start: 0, end: 0 })).toBe(
      '12 March 2026',
    );
    expect(longDate({ date: '2026-03-01', monthOnly: true, start: 0, end: 0 })).toBe('March 2026');
  });
});
