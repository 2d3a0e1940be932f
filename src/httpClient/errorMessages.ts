const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The toasts one failed call shows (spec §8): the answer's `message` as one toast; otherwise,
 * when the error is a string, that string; otherwise each `errors[].msg` as a toast of its own.
 * Works on react-admin `HttpError`s (answer in `body`) and on bare answers or strings.
 * `fallback` (a message or i18n key) is used when the error carries nothing readable.
 */
export function errorMessages(error: unknown, fallback = 'ra.notification.http_error'): string[] {
  const answer = isRecord(error) && 'body' in error ? error.body : error;
  if (isRecord(answer) && typeof answer.message === 'string' && answer.message) {
    return [answer.message];
  }
  if (typeof answer === 'string' && answer) return [answer];
  if (isRecord(answer) && Array.isArray(answer.errors)) {
    const messages = answer.errors
      .map((entry: unknown) => (isRecord(entry) ? entry.msg : undefined))
      .filter((msg): msg is string => typeof msg === 'string' && msg !== '');
    if (messages.length) return messages;
  }
  if (error instanceof Error && error.message) return [error.message];
  return [fallback];
}
