import type { DataSubjectExport } from '../schemas/dataRequests';
import { labelled, render } from './moneyPdf';

const line = (doc: PDFKit.PDFDocument, text: string) =>
  doc.font('Helvetica-Bold').fontSize(13).text(text, 50).fontSize(10).moveDown(0.3);

/** The data-subject export as a PDF: the same fields as its JSON, a section per kind of record. */
export function dataSubjectPdf(e: DataSubjectExport) {
  return render('Personal data held', (doc) => {
    doc.font('Helvetica-Bold').fontSize(20).text('Personal data held');
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Generated ${e.generated_at}, found by: ${e.searched.join(', ')}`)
      .moveDown();
    line(doc, `Accounts (${e.accounts.length})`);
    for (const a of e.accounts) {
      labelled(doc, [
        ['Code', a.code],
        ['Role', a.role],
        ['Name', `${a.first_name} ${a.last_name}`],
        ['Email', a.email],
        ['Phone', a.phone],
        ['Address', a.address],
        ['Created', a.created_at],
        ['Last seen', a.last_seen_at],
        ['Picture', a.picture_url],
      ]);
      doc.moveDown(0.5);
    }
    line(doc, `Agent applications (${e.agent_applications.length})`);
    for (const a of e.agent_applications) {
      labelled(doc, [
        ['Code', `${a.code} (${a.status})`],
        ['Name', `${a.first_name} ${a.last_name}`],
        ['Email', a.email],
        ['Phone', a.phone],
        ['NIN', a.nin],
        ['Coverage', `${a.state}: ${a.lgas.join(', ')}`],
        ['Bank account', `${a.bank_code} ${a.account_number ?? ''} ${a.account_name}`],
        ['Photo', a.photo_url],
        ['Applied', a.created_at],
        ['Decided', a.decided_at],
      ]);
      doc.moveDown(0.5);
    }
    line(doc, `Verification jobs (${e.jobs.length})`);
    for (const j of e.jobs) {
      labelled(doc, [
        ['Job', `${j.code} (${j.type}, ${j.status})`],
        ['For', j.company_name],
        ['Subject', j.subject_name],
        ['Place', `${j.lga}, ${j.state}`],
        ...Object.entries(j.fields).map(([k, v]): [string, string] => [k, v]),
        ['Created', j.created_at],
        ...j.history.map((h): [string, string] => [
          `History ${h.created_at}`,
          `${h.to_status}${h.reason ? `: ${h.reason}` : ''}`,
        ]),
        ...j.attachments.map((a): [string, string] => ['Attachment', `${a.file_name} ${a.url}`]),
      ]);
      if (j.capture) {
        const c = j.capture;
        labelled(doc, [
          ['Evidence received', c.received_at],
          ['Captured (device time)', c.captured_at],
          ['GPS', c.lat === null ? null : `${c.lat}, ${c.lng} (±${c.accuracy_m ?? '?'} m)`],
          ['Place description', c.location_text],
          ...c.photos.map((p): [string, string] => [`Photo ${p.kind}`, `${p.file_name} ${p.url}`]),
          ['Machine checks', c.machine_checks?.status ?? null],
          ['Bill as read by the machine', c.machine_checks?.bill_text ?? null],
          ...(c.machine_checks?.warnings ?? []).map((w): [string, string] => [
            'Machine check warning',
            w.message,
          ]),
        ]);
      }
      doc.moveDown(0.5);
    }
    line(doc, `Messages (${e.messages.length})`);
    for (const m of e.messages) {
      labelled(doc, [
        [`${m.direction === 'sent' ? 'To' : 'From'} ${m.other_party ?? ''}`, m.created_at],
        ['Subject', m.subject],
        ['Body', m.body],
      ]);
      doc.moveDown(0.5);
    }
  });
}
