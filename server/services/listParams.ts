import type { FastifyReply } from 'fastify';
import { badRequest } from '../errors';

/**
 * ra-data-simple-rest's list parameters (`sort`, `range`, `filter`, each JSON in the query
 * string) and its `Content-Range` answer, shared by every list of the API.
 */

const maxPage = 1000;
/** Far past any real list, and safe: a huge OFFSET (1e300) fails in the database. */
const maxRangeIndex = 1_000_000_000;

function parseJson(name: string, text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${name} must be JSON`);
  }
}

/** ra-data-simple-rest's `sort` parameter: a field of `fields` and a direction. */
export function parseSort<F extends string>(
  text: string | undefined,
  fields: readonly F[],
  fallback: [F, 'ASC' | 'DESC'],
  resource: string,
): { field: F; order: 'ASC' | 'DESC' } {
  const sortRaw = parseJson('sort', text) ?? fallback;
  if (!Array.isArray(sortRaw) || typeof sortRaw[0] !== 'string') {
    throw badRequest('sort must be ["field","ASC"|"DESC"]');
  }
  if (!fields.includes(sortRaw[0] as F)) {
    throw badRequest(
      `${resource} cannot be sorted by ${sortRaw[0]}; use one of: ${fields.join(', ')}`,
    );
  }
  return {
    field: sortRaw[0] as F,
    order: String(sortRaw[1] ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
  };
}

/** ra-data-simple-rest's `range` parameter as an offset and a limit (at most `maxPage`). */
export function parseRange(text: string | undefined) {
  const rangeRaw = parseJson('range', text) ?? [0, 24];
  if (
    !Array.isArray(rangeRaw) ||
    !Number.isInteger(rangeRaw[0]) ||
    !Number.isInteger(rangeRaw[1]) ||
    rangeRaw[0] < 0 ||
    rangeRaw[1] < rangeRaw[0] ||
    rangeRaw[1] > maxRangeIndex
  ) {
    throw badRequest(
      `range must be [first, last], whole numbers with 0 <= first <= last <= ${maxRangeIndex}`,
    );
  }
  const offset = rangeRaw[0] as number;
  return { offset, limit: Math.min((rangeRaw[1] as number) - offset + 1, maxPage) };
}

/** ra-data-simple-rest's `filter` parameter: a JSON object, still unchecked (see listFilter.ts). */
export function parseFilterObject(text: string | undefined): Record<string, unknown> {
  const raw = parseJson('filter', text) ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badRequest('filter must be a JSON object');
  }
  return raw as Record<string, unknown>;
}

/**
 * The `Content-Range` header of a page of a list (react-admin reads the total from it). A null
 * total is one not counted: `*`, RFC 9110's unknown complete length.
 */
export const contentRange = (
  resource: string,
  offset: number,
  rows: number,
  total: number | null,
) => `${resource} ${offset}-${rows ? offset + rows - 1 : offset}/${total ?? '*'}`;

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `filter.id` of a getMany: one id or a list; what is not an id matches nothing. */
export const parseIds = (raw: unknown): string[] =>
  ([] as unknown[])
    .concat(raw)
    .filter((i): i is string => typeof i === 'string' && uuidPattern.test(i));

/** A page of a list, with its total in `Content-Range` (react-admin reads it from there). */
export function pageWithTotal<T>(
  reply: FastifyReply,
  resource: string,
  offset: number,
  rows: T[],
  total: number,
): T[] {
  setContentRange(reply, resource, offset, rows.length, total);
  return rows;
}

/** The `Content-Range` of a page of `rows` items (react-admin reads the total from there). */
export function setContentRange(
  reply: FastifyReply,
  resource: string,
  offset: number,
  rows: number,
  total: number | null,
) {
  return reply
    .header('Content-Range', contentRange(resource, offset, rows, total))
    .header('Access-Control-Expose-Headers', 'Content-Range');
}
