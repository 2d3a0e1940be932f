import type { TatSettingRecord } from './types';

/**
 * The `tat-settings` resource (`GET/POST /setting/tat`, `PATCH /setting/tat/{id}`): its one
 * screen is the spec's Set Amount page at settings/set-amount (a custom route), not /tat-settings.
 */
export default {
  recordRepresentation: (tat: TatSettingRecord) => `${tat.state} · ${tat.jobType}`,
};

export { SetAmountPage } from './SetAmountPage';
