import { apiJson } from '../../httpClient/httpClient';
import type { ResourcePart } from '../../dataProvider/resourcePart';
import type { Audience, MissingTatStates, Tat, TatBody, TatRecord } from './types';

const enc = encodeURIComponent;

const withId = (t: Tat): TatRecord => ({ ...t, id: t._id });

/** The list's filter as the API reads it: only the fields it knows, blanks left out. */
const filterOf = (values: Record<string, unknown> = {}) =>
  Object.fromEntries(
    ['state', 'jobType', 'audience']
      .map((key) => [key, values[key]] as const)
      .filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );

/** The calls of the Set Amount page that are not CRUD. */
export const tatsApi = {
  /** The states with no setting for (job type, audience): `GET /setting/tat/missing`. */
  getMissingTatStates: (jobType: TatBody['jobType'], audience: Audience) =>
    apiJson<MissingTatStates>(
      `/setting/tat/missing?filter=${enc(JSON.stringify({ jobType, audience }))}`,
    ),
};

/**
 * Spec §7 "Setting": the `tats` resource is `GET/POST /setting/tat`, `PATCH /setting/tat/{id}`.
 * The list is filtered (state, job type, audience) and paged by the server.
 */
export const tatsPart: ResourcePart = {
  async getList(params) {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const query = new URLSearchParams({
      filter: JSON.stringify(filterOf(params.filter as Record<string, unknown>)),
      range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
    });
    const { tats = [], total } = await apiJson<{ tats?: Tat[]; total?: number }>(
      `/setting/tat?${query}`,
    );
    return { data: tats.map(withId), total: total ?? tats.length };
  },
  async create(params) {
    const tat = await apiJson<Tat>('/setting/tat', {
      method: 'POST',
      body: params.data as TatBody,
    });
    return { data: withId(tat) };
  },
  async update(params) {
    const tat = await apiJson<Tat>(`/setting/tat/${enc(String(params.id))}`, {
      method: 'PATCH',
      body: params.data as TatBody,
    });
    return { data: withId(tat) };
  },
};
