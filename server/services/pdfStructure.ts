/**
 * What is wrong with a PDF's frame, or undefined when it holds together. No PDF parser is
 * installed, so this checks what every reader starts from: the `%PDF-1.x` (or 2.0) header, the
 * `%%EOF` ending, and the last `startxref` pointing inside the file at a cross-reference table
 * (`xref`) or stream (`n g obj`) whose trailer names the document's `/Root`. A truncated upload or
 * another file behind a PDF header fails; the objects themselves are not parsed.
 */
export function pdfStructureProblem(data: Buffer): string | undefined {
  if (!/^%PDF-(1\.[0-7]|2\.0)\s/.test(data.subarray(0, 16).toString('latin1'))) {
    return 'it does not start with a PDF header';
  }
  // Readers look for the end in the last 1024 bytes; NULs or spaces may pad it.
  const tailStart = Math.max(0, data.length - 1024);
  const end = /startxref\s+(\d{1,10})\s+%%EOF[\s\0]*$/.exec(
    data.subarray(tailStart).toString('latin1'),
  );
  if (!end) return 'it has no PDF ending (startxref, %%EOF): the file is incomplete';
  const startxrefAt = tailStart + end.index;
  const xrefAt = Number(end[1]);
  if (xrefAt >= startxrefAt) return 'its cross-reference offset points outside the file';
  const section = data.subarray(xrefAt, startxrefAt).toString('latin1');
  if (!/^\s*(xref\s+\d+\s+\d+|\d+\s+\d+\s+obj\b)/.test(section)) {
    return 'its cross-reference offset points at no cross-reference section';
  }
  if (!/\/Root\s+\d+\s+\d+\s+R/.test(section)) return 'its trailer names no document /Root';
  return undefined;
}
