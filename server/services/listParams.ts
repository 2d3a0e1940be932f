import type { FastifyReply } from 'fastify';
import { badRequest } from '../errors';

/** Far past any real list, and safe: a huge OFFSET (1e300) fails in the database. */
export const maxRangeIndex = 1_000_000_000;
const maxPage = 1000;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A JSON query parameter of ra-data-simple-rest (`sort`, `range`, `filter`); undefined when absent. */
export function parseJsonParam(name: string, text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${name} must be JSON`);
  }
}

/** `range=[first,last]` as an offset and a limit (at most 1000 rows). */
export function parseRange(text: string | undefined, fallback: [number, number] = [0, 24]) {
  const raw = parseJsonParam('range', text) ?? fallback;
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

/** `sort=["field","ASC"|"DESC"]` over the fields a list allows. */
export function parseSort<F extends string>(
  text: string | undefined,
  fields: readonly F[],
  fallback: { field: F; order: 'ASC' | 'DESC' },
  what: string,
) {
  const raw = parseJsonParam('sort', text);
  if (raw === undefined) return fallback;
  if (!Array.isArray(raw) || typeof raw[0] !== 'string') {
    throw badRequest('sort must be ["field","ASC"|"DESC"]');
  }
  if (!fields.includes(raw[0] as F)) {
    throw badRequest(`${what} cannot be sorted by ${raw[0]}; use one of: ${fields.join(', ')}`);
  }
  const order: 'ASC' | 'DESC' = String(raw[1] ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  return { field: raw[0] as F, order };
}

/** `filter` as an object of its fields. */
export function parseFilterObject(text: string | undefined): Record<string, unknown> {
  const raw = parseJsonParam('filter', text) ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badRequest('filter must be a JSON object');
  }
  return raw as Record<string, unknown>;
}

/** A text field of a filter; empty means absent. */
export function filterText(f: Record<string, unknown>, k: string): string | undefined {
  const v = f[k];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw badRequest(`filter.${k} must be a string`);
  if (v.includes('\0')) throw badRequest(`filter.${k} must not contain a NUL character`);
  return v;
}

/** `filter.id` (react-admin's getMany) as the ids that are uuids; undefined when absent. */
export function filterIds(f: Record<string, unknown>): string[] | undefined {
  if (f.id === undefined) return undefined;
  return ([] as unknown[])
    .concat(f.id)
    .filter((i): i is string => typeof i === 'string' && uuid.test(i));
}

/** A page of a list, with its total in `Content-Range` (react-admin reads it from there). */
export function pageWithTotal<T>(
  reply: FastifyReply,
  resource: string,
  offset: number,
  rows: T[],
  total: number,
): T[] {
  const last = rows.length ? offset + rows.length - 1 : offset;
  reply
    .header('Content-Range', `${resource} ${offset}-${last}/${total}`)
    .header('Access-Control-Expose-Headers', 'Content-Range');
  return rows;
}
