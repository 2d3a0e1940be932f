import { apiJson } from '../../httpClient/httpClient';
import type { ResourcePart } from '../../dataProvider/resourcePart';
import type { Tat, TatBody, TatRecord } from './types';

const enc = encodeURIComponent;

const withId = (t: Tat): TatRecord => ({ ...t, id: t._id });

/** Spec §7 "Setting": the `tats` resource is `GET/POST /setting/tat`, `PATCH /setting/tat/{id}`. */
export const tatsPart: ResourcePart = {
  async getList() {
    const { tats } = await apiJson<{ tats?: Tat[] }>('/setting/tat');
    const data = (tats ?? []).map(withId);
    return { data, total: data.length };
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
