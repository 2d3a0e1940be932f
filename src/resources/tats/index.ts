import type { TatRecord } from './types';

/**
 * The `tats` resource (`GET/POST /setting/tat`, `PATCH /setting/tat/{id}`): its one
 * screen is the spec's Set Amount page at settings/set-amount (a custom route), not /tats.
 */
export default {
  recordRepresentation: (tat: TatRecord) => `${tat.state} · ${tat.jobType}`,
};

export { TatPage } from './TatPage';
