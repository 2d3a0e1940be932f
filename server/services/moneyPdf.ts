import { jobKindLabels, type JobKind } from '../../reference/jobKinds';
import { lagosTimeZone } from '../../reference/lagosTime';
import { ngnText } from './money';

/** Helvetica (built in) has no ₦ glyph: amounts read "NGN 1,234.50". */

const longDate = (d: Date | string) =>
  new Date(d).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: lagosTimeZone,
  });

/**
 * An A4 document drawn by `draw`, as bytes (also the data-subject export's, dataSubjectPdf.ts).
 * pdfkit is loaded at the first document, not at the server's start (a quarter of a second).
 */
export async function render(
  title: string,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** Rows of a bold label and its value ('-' when empty). */
export function labelled(doc: PDFKit.PDFDocument, rows: [string, string | null | undefined][]) {
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 50, y, { width: 170 });
    doc.font('Helvetica').text(value || '-', 230, y, { width: 315 });
    doc.moveDown(0.4);
  }
}

export interface InvoicePdfInput {
  number: string;
  monthLabel: string;
  issuer: string;
  company: {
    name: string | null;
    contact_name: string | null;
    address: string | null;
    email: string | null;
    phone: string | null;
  };
  lines: { date: string; description: string; amountKobo: number }[];
  vatRate: number;
  subtotalKobo: number;
  vatKobo: number;
  totalKobo: number;
}

/** A month's invoice: company details, one line per charge or refund, totals with VAT. */
export function invoicePdf(inv: InvoicePdfInput) {
  return render(`Invoice ${inv.number}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(20).text('Invoice');
    doc.font('Helvetica').fontSize(10).text(inv.issuer).moveDown();
    labelled(doc, [
      ['Invoice number', inv.number],
      ['Period', inv.monthLabel],
      ['Billed to', inv.company.name ?? inv.company.contact_name],
      ['Address', inv.company.address],
      ['Contact', inv.company.contact_name],
      ['Email', inv.company.email],
      ['Phone', inv.company.phone],
    ]);
    doc.moveDown();
    const header = doc.y;
    doc.font('Helvetica-Bold');
    doc.text('Date', 50, header, { width: 100 });
    doc.text('Description', 150, header, { width: 280 });
    doc.text('Amount', 430, header, { width: 115, align: 'right' });
    doc.font('Helvetica').moveDown(0.5);
    if (!inv.lines.length) doc.text('No charges this month.', 50);
    for (const l of inv.lines) {
      const y = doc.y;
      doc.text(longDate(l.date), 50, y, { width: 100 });
      doc.text(l.description, 150, y, { width: 280 });
      const after = doc.y;
      doc.text(ngnText(l.amountKobo), 430, y, { width: 115, align: 'right' });
      doc.y = Math.max(after, doc.y);
      doc.moveDown(0.3);
    }
    doc.moveDown();
    for (const [label, kobo, bold] of [
      ['Subtotal (excluding VAT)', inv.subtotalKobo, false],
      [`VAT (${inv.vatRate}%)`, inv.vatKobo, false],
      ['Total', inv.totalKobo, true],
    ] as const) {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(label, 250, y, { width: 180 });
      doc.text(ngnText(kobo), 430, y, { width: 115, align: 'right' });
      doc.moveDown(0.3);
    }
    doc.font('Helvetica').moveDown().text('Prices include VAT. Paid from your wallet.', 50);
  });
}

export interface ReceiptPdfInput {
  issuer: string;
  reference: string;
  kindLabel: string;
  date: Date | string;
  party: string | null;
  amountKobo: number;
  status: string;
  job?: {
    code: string | null;
    type: JobKind | null;
    name: string | null;
    identityType: string | null;
    guarantor: string | null;
    assignedAt: Date | null;
    status: string | null;
    verification: string | null;
  };
}

/** A receipt for one transaction, with the job it paid for when it has one. */
export function receiptPdf(r: ReceiptPdfInput) {
  return render(`Receipt ${r.reference}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(20).text('Receipt');
    doc.font('Helvetica').fontSize(10).text(r.issuer).moveDown();
    const rows: [string, string | null][] = [
      ['Reference', r.reference],
      ['Transaction', r.kindLabel],
      ['Date created', longDate(r.date)],
      ['Paid by / to', r.party],
      ['Amount paid', ngnText(r.amountKobo)],
      ['Payment status', r.status],
    ];
    if (r.job) {
      rows.push(
        ['Job', r.job.code],
        ['Job type', r.job.type ? jobKindLabels[r.job.type] : null],
        ['Name', r.job.name],
        ['Identity type', r.job.identityType],
        ['Guarantor', r.job.guarantor],
        ['Job assignment date', r.job.assignedAt ? longDate(r.job.assignedAt) : 'Not assigned'],
        ['Verification status', r.job.verification],
        ['Job status', r.job.status],
      );
    }
    labelled(doc, rows);
  });
}
