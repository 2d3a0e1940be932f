import type { FastifyReply } from 'fastify';
import { Type, type StaticDecode, type TObject, type TProperties, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { findState } from '../../reference/locations';
import { badRequest } from '../errors';
import {
  pageWithTotal,
  parseFilterObject,
  parseIds,
  parseRange,
  parseSort,
  uuidPattern,
} from './listParams';

/**
 * The simple-rest lists' plumbing once: `range`, `sort` and `filter` checked, list and count run,
 * `Content-Range` set. A list declares its filter as a TypeBox object of the fields below; each
 * field is checked with typebox's `Value`, and a bad one is a 400 naming it (`filter.<key> …`).
 */

/** How a field of a filter says what is wrong with a value, and which values mean "absent". */
interface FilterField {
  'x-filter': { absent: readonly unknown[]; error: (value: unknown) => string };
}

const blank = [undefined, null, ''] as const;
/** What is wrong with a value of a text field, if anything. */
export const notText = (v: unknown) =>
  typeof v !== 'string'
    ? 'must be a string'
    : v.includes('\0')
      ? 'must not contain a NUL character'
      : undefined;
const noNul = Type.String({ pattern: '^[^\\u0000]*$' });

export function filterField<T extends TSchema>(
  schema: T,
  error: (value: unknown) => string,
  absent: readonly unknown[] = blank,
): T & FilterField {
  return Object.assign(schema, { 'x-filter': { absent, error } });
}

/** Text, absent when empty. */
export const FilterText = () =>
  filterField(
    Type.Codec(noNul)
      .Decode((v) => v)
      .Encode((v) => v),
    (v) => notText(v)!,
  );

/** One of `values` (text first: a number is "must be a string"). */
export const FilterOneOf = <V extends string>(values: readonly V[], message?: string) =>
  filterField(
    Type.Codec(Type.Enum([...values]))
      .Decode((v) => v as V)
      .Encode((v) => v),
    (v) => notText(v) ?? message ?? `must be one of: ${values.join(', ')}`,
  );

/** `true`/`false`, as JSON or as text. */
export const FilterBoolean = () =>
  filterField(
    Type.Codec(Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false')]))
      .Decode((v) => v === true || v === 'true')
      .Encode((v) => v),
    () => 'must be true or false',
  );

/** A Nigerian state by name or alias, answered as its alias. */
export const FilterState = () =>
  filterField(
    Type.Codec(Type.Refine(noNul, (v) => findState(v) !== undefined))
      .Decode((v) => findState(v)!.alias)
      .Encode((v) => v),
    (v) => notText(v) ?? `"${String(v)}" is not a Nigerian state`,
  );

/** An id (a UUID). */
export const FilterId = () =>
  filterField(
    Type.Codec(Type.String({ pattern: uuidPattern.source }))
      .Decode((v) => v)
      .Encode((v) => v),
    (v) => notText(v) ?? 'must be an id',
  );

/** `filter.id` of a getMany: one id or a list; what is not an id matches nothing. */
export const FilterIds = () =>
  filterField(
    Type.Codec(Type.Unknown())
      .Decode((v) => parseIds(v))
      .Encode((v) => v),
    () => '',
    [undefined],
  );

/** A list's filter fields and `id`, a getMany's ids, which every list takes. */
type WithIds<P extends TProperties> = 'id' extends keyof P
  ? P
  : P & { id: ReturnType<typeof FilterIds> };

/**
 * The filter a list declares: its fields in the order they are checked, and `id` (`FilterIds`)
 * unless it declares its own.
 */
export const ListFilter = <P extends TProperties>(fields: P) =>
  Type.Object(('id' in fields ? fields : { ...fields, id: FilterIds() }) as WithIds<P>);

/** `filter`, checked field by field against its schema; absent fields are left out. */
export function parseFilter<P extends TProperties>(
  schema: TObject<P>,
  text: string | undefined,
): Partial<StaticDecode<TObject<P>>> {
  const raw = parseFilterObject(text);
  const out: Record<string, unknown> = {};
  for (const [key, fieldSchema] of Object.entries(schema.properties)) {
    const { absent, error } = (fieldSchema as TSchema & FilterField)['x-filter'];
    const v = raw[key];
    if (absent.includes(v)) continue;
    if (!Value.Check(fieldSchema, v)) throw badRequest(`filter.${key} ${error(v)}`);
    out[key] = Value.Decode(fieldSchema, v);
  }
  return out as Partial<StaticDecode<TObject<P>>>;
}

/** What a simple-rest list declares: its `Content-Range` unit, its sorts and its filter. */
export interface ListSpec<F extends string, P extends TProperties> {
  /** The unit of `Content-Range` (`companies 0-24/310`). */
  resource: string;
  /** The list's name in the sort error (`Companies cannot be sorted by …`). */
  noun: string;
  sortFields: readonly F[];
  defaultSort: [F, 'ASC' | 'DESC'];
  filter: TObject<P>;
}

/** A list's declaration, its types inferred. */
export const listSpec = <F extends string, P extends TProperties>(spec: ListSpec<F, P>) => spec;

/** `range`, `sort` and `filter` of a list request, checked in that order. */
export function parseListQuery<F extends string, P extends TProperties>(
  spec: ListSpec<F, P>,
  query: { sort?: string; range?: string; filter?: string },
) {
  const { offset, limit } = parseRange(query.range);
  const sort = parseSort(query.sort, spec.sortFields, spec.defaultSort, spec.noun);
  return { offset, limit, sort, filter: parseFilter(spec.filter, query.filter) };
}

/** A page and the list's total, run together, answered with `Content-Range`; `view` maps rows. */
export async function listPage<T, V = T>(
  reply: FastifyReply,
  spec: { resource: string },
  offset: number,
  page: Promise<{ rows: T[]; total: number }> | [Promise<T[]>, Promise<number>],
  view: (row: T) => V = (row) => row as unknown as V,
): Promise<V[]> {
  const { rows, total } = Array.isArray(page)
    ? await Promise.all(page).then(([rows, total]) => ({ rows, total }))
    : await page;
  return pageWithTotal(reply, spec.resource, offset, rows.map(view), total);
}

/** A repository whose `list` and `count` take the list's filter alone (no scope before it). */
export interface ListSource<Fl, S, T> {
  list(filter: Fl, sort: S, offset: number, limit: number): Promise<T[]>;
  count(filter: Fl): Promise<number>;
}

/** The page of `source` for a checked query (its filter mapped for the repository), and its total. */
export function listPageOf<Fl, S, T, V = T>(
  reply: FastifyReply,
  spec: { resource: string },
  q: { offset: number; limit: number; sort: S; filter: Fl },
  source: ListSource<Fl, S, T>,
  view?: (row: T) => V,
): Promise<V[]> {
  const page = [source.list(q.filter, q.sort, q.offset, q.limit), source.count(q.filter)] as [
    Promise<T[]>,
    Promise<number>,
  ];
  return listPage(reply, spec, q.offset, page, view);
}

/** A repository whose `list` and `count` take a scope before the filter, as a source for `scope`. */
export const scoped = <Sc, Fl, S, T>(
  repo: {
    list(scope: Sc, filter: Fl, sort: S, offset: number, limit: number): Promise<T[]>;
    count(scope: Sc, filter: Fl): Promise<number>;
  },
  scope: Sc,
): ListSource<Fl, S, T> => ({
  list: (filter, sort, offset, limit) => repo.list(scope, filter, sort, offset, limit),
  count: (filter) => repo.count(scope, filter),
});

/** Page `page` (from 1) of `size` rows of `source`, and the total: the page-numbered lists. */
export async function numberedPage<Fl, S, T>(
  source: ListSource<Fl, S, T>,
  filter: Fl,
  sort: S,
  page: number,
  size: number,
) {
  const [rows, total] = await Promise.all([
    source.list(filter, sort, (page - 1) * size, size),
    source.count(filter),
  ]);
  return { rows, total };
}
