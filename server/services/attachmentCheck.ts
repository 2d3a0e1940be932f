import { withoutMetadata } from './images';
import { pdfStructureProblem } from './pdfStructure';
import { sniffFileType } from './storage';

export type CheckedAttachment =
  | { ok: true; contentType: string; extension: string; data: Buffer }
  | { ok: false; problem: string };

/**
 * A job attachment checked by its content, not its first bytes only: images must decode (and are
 * kept without their metadata, see `withoutMetadata`), PDFs must hold together. `data` is what
 * to store.
 */
export async function checkAttachment(data: Buffer): Promise<CheckedAttachment> {
  const kind = sniffFileType(data);
  if (!kind) return { ok: false, problem: 'is not a JPEG, PNG or PDF file' };
  if (kind.contentType === 'application/pdf') {
    const problem = pdfStructureProblem(data);
    return problem
      ? { ok: false, problem: `is not a readable PDF: ${problem}` }
      : { ok: true, ...kind, data };
  }
  const format = kind.contentType === 'image/png' ? 'png' : 'jpeg';
  try {
    return { ok: true, ...kind, data: await withoutMetadata(data, format) };
  } catch {
    return {
      ok: false,
      problem: `is not a readable ${format.toUpperCase()} image (damaged or incomplete)`,
    };
  }
}
