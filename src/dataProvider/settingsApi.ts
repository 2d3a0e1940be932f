import { apiUrl, httpClient } from '../httpClient/httpClient';
import type { TatSetting, TatSettingBody, TatSettingRecord } from '../resources/tatSettings/types';

const withId = (t: TatSetting): TatSettingRecord => ({ ...t, id: t._id });

/** Spec §7 "Setting": the `tat-settings` resource of the dataProvider. */
export const tatSettingsApi = {
  async list(): Promise<TatSettingRecord[]> {
    const { json } = await httpClient(`${apiUrl}/setting/tat`);
    return ((json as { tats: TatSetting[] }).tats ?? []).map(withId);
  },
  async create(body: TatSettingBody): Promise<TatSettingRecord> {
    const { json } = await httpClient(`${apiUrl}/setting/tat`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    return withId(json as TatSetting);
  },
  async update(id: string, body: TatSettingBody): Promise<TatSettingRecord> {
    const { json } = await httpClient(`${apiUrl}/setting/tat/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: JSON.stringify(body),
    });
    return withId(json as TatSetting);
  },
};
