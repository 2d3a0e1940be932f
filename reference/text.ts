/**
 * Characters no text we keep may hold: control characters (C0, DEL, C1), line and paragraph
 * separators and the bidirectional embeddings, overrides and isolates (U+202E shows `gpj.exe` as
 * `exe.jpg`). Single-line text (names, addresses, references) refuses line breaks and tabs too;
 * multi-line text (message bodies, reasons) keeps tab, CR and LF. The API's validator registers
 * these as string formats (server/schemas/common.ts), the job fields' check uses them for bulk
 * files: a 400 naming the field either way.
 */
/* eslint-disable no-control-regex -- control characters are what these refuse */
export const textFormats = {
  'single-line': /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/,
  'multi-line':
    /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/,
} as const;
/* eslint-enable no-control-regex */
export type TextFormat = keyof typeof textFormats;

/** What a field with a character its format refuses is told. */
export const textFormatMessage = (field: string, format: TextFormat) =>
  format === 'single-line'
    ? `${field} must be one line, without control or bidirectional-override characters`
    : `${field} must not contain control or bidirectional-override characters`;
