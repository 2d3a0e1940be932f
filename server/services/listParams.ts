import { badRequest } from '../errors';

/**
 * ra-data-simple-rest's `sort`, `range` and `filter` query parameters (JSON), checked the same
 * way for every resource: bad input is a 400 naming the parameter, never a failed query.
 */

const maxPage = 1000;
/** Far past any real list, and safe: a huge OFFSET (1e300) fails in the database. */
const maxRangeIndex = 1_000_000_000;
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseJson(name: string, text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${name} must be JSON`);
  }
}

/** `["field","ASC"|"DESC"]` with a field of `fields`; `noun` names the resource in the message. */
export function parseSort<F extends string>(
  text: string | undefined,
  fields: readonly F[],
  fallback: [F, 'ASC' | 'DESC'],
  noun: string,
): { field: F; order: 'ASC' | 'DESC' } {
  const raw = parseJson('sort', text) ?? fallback;
  if (!Array.isArray(raw) || typeof raw[0] !== 'string') {
    throw badRequest('sort must be ["field","ASC"|"DESC"]');
  }
  if (!fields.includes(raw[0] as F)) {
    throw badRequest(`${noun} cannot be sorted by ${raw[0]}; use one of: ${fields.join(', ')}`);
  }
  return {
    field: raw[0] as F,
    order: String(raw[1] ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
  };
}

/** `[first, last]`, inclusive, as an offset and a limit of at most 1000 rows. */
export function parseRange(text: string | undefined) {
  const raw = parseJson('range', text) ?? [0, 24];
  if (
    !Array.isArray(raw) ||
    !Number.isInteger(raw[0]) ||
    !Number.isInteger(raw[1]) ||
    raw[0] < 0 ||
    raw[1] < raw[0] ||
    raw[1] > maxRangeIndex
  ) {
    throw badRequest(
      `range must be [first, last], whole numbers with 0 <= first <= last <= ${maxRangeIndex}`,
    );
  }
  const offset = raw[0] as number;
  return { offset, limit: Math.min((raw[1] as number) - offset + 1, maxPage) };
}

/** The filter object, or a 400 when it is not one. */
export function parseFilterObject(text: string | undefined): Record<string, unknown> {
  const raw = parseJson('filter', text) ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badRequest('filter must be a JSON object');
  }
  return raw as Record<string, unknown>;
}

/** A text value of the filter (undefined when absent or empty), or a 400 naming it. */
export function filterText(f: Record<string, unknown>, k: string) {
  const v = f[k];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw badRequest(`filter.${k} must be a string`);
  if (v.includes('\0')) throw badRequest(`filter.${k} must not contain a NUL character`);
  return v;
}

/** react-admin's getMany: `filter.id` as one id or a list; anything that is not an id is skipped. */
export const idList = (v: unknown) =>
  ([] as unknown[])
    .concat(v)
    .filter((i): i is string => typeof i === 'string' && uuidPattern.test(i));

/** The `Content-Range` header of a page: `resource first-last/total`. */
export function contentRange(resource: string, offset: number, rows: number, total: number) {
  const last = rows ? offset + rows - 1 : offset;
  return `${resource} ${offset}-${last}/${total}`;
}
