/** The kinds of file we accept, each with its magic bytes, MIME type and the extension we store. */
const kinds = [
  { contentType: 'image/jpeg', extension: '.jpg', magic: Buffer.from([0xff, 0xd8, 0xff]) },
  {
    contentType: 'image/png',
    extension: '.png',
    magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { contentType: 'application/pdf', extension: '.pdf', magic: Buffer.from('%PDF-', 'latin1') },
] as const;

/** What a file really is, by its first bytes, for the kinds we accept. */
export function sniffFileType(
  data: Buffer,
): { contentType: string; extension: string } | undefined {
  const kind = kinds.find((k) => data.subarray(0, k.magic.length).equals(k.magic));
  return kind && { contentType: kind.contentType, extension: kind.extension };
}

/** The MIME type of a stored extension (`.jpg`); unknown ones are plain bytes. */
export function contentTypeOf(extension: string): string {
  const ext = extension.toLowerCase() === '.jpeg' ? '.jpg' : extension.toLowerCase();
  return kinds.find((k) => k.extension === ext)?.contentType ?? 'application/octet-stream';
}
