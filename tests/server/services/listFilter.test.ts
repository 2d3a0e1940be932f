import { describe, expect, it } from 'vitest';
import {
  FilterBoolean,
  FilterId,
  FilterIds,
  FilterOneOf,
  FilterState,
  FilterText,
  ListFilter,
  parseFilter,
  parseListQuery,
} from '../../../server/services/listFilter';

const schema = ListFilter({
  q: FilterText(),
  status: FilterOneOf(['active', 'suspended']),
  partner: FilterBoolean(),
  state: FilterState(),
  owner: FilterId(),
  id: FilterIds(),
});
const parse = (filter: unknown) => parseFilter(schema, JSON.stringify(filter));
const refusal = (filter: unknown) => {
  try {
    parse(filter);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('the list helper: a filter declared as a schema', () => {
  it('decodes each field and leaves out the absent ones', () => {
    expect(
      parse({
        q: 'ada',
        status: 'active',
        partner: 'false',
        state: 'Lagos',
        owner: '00000000-0000-4000-8000-000000000001',
        id: ['00000000-0000-4000-8000-000000000002', 'nope', 7],
        other: 'ignored',
      }),
    ).toEqual({
      q: 'ada',
      status: 'active',
      partner: false,
      state: 'lagos',
      owner: '00000000-0000-4000-8000-000000000001',
      id: ['00000000-0000-4000-8000-000000000002'],
    });
    expect(parse({ q: '', status: null, partner: '', state: null })).toEqual({});
    // An id of null is asked for, and matches nothing.
    expect(parse({ id: null })).toEqual({ id: [] });
    expect(parseFilter(schema, undefined)).toEqual({});
  });

  it('refuses a bad field with a 400 naming it, in the wording of the lists', () => {
    expect(refusal({ q: 5 })).toBe('filter.q must be a string');
    expect(refusal({ q: 'a\0b' })).toBe('filter.q must not contain a NUL character');
    expect(refusal({ status: 'gone' })).toBe('filter.status must be one of: active, suspended');
    expect(refusal({ status: 1 })).toBe('filter.status must be a string');
    expect(refusal({ partner: 'maybe' })).toBe('filter.partner must be true or false');
    expect(refusal({ state: 'Atlantis' })).toBe('filter.state "Atlantis" is not a Nigerian state');
    expect(refusal({ owner: 'x' })).toBe('filter.owner must be an id');
    expect(() => parseFilter(schema, '[1]')).toThrow('filter must be a JSON object');
  });

  it('checks range, sort and filter of a request', () => {
    const spec = {
      resource: 'things',
      noun: 'Things',
      sortFields: ['id', 'name'] as const,
      defaultSort: ['name', 'ASC'] as ['name', 'ASC'],
      filter: schema,
    };
    expect(parseListQuery(spec, {})).toEqual({
      offset: 0,
      limit: 25,
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(() => parseListQuery(spec, { sort: '["secret","ASC"]' })).toThrow(
      'Things cannot be sorted by secret; use one of: id, name',
    );
    expect(() => parseListQuery(spec, { range: '[5,1]' })).toThrow(/^range must be/);
  });
});
