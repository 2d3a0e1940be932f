import type { Static } from 'typebox';
import type { TatMissingStates, TatSetting, TatSettingBody } from '../../../server/schemas/tats';

/** Spec §3 "TAT setting", as `GET /setting/tat` answers it (amount in NGN). */
export type Tat = Static<typeof TatSetting>;

/** The body of `POST /setting/tat` and `PATCH /setting/tat/{id}`. */
export type TatBody = Static<typeof TatSettingBody>;

export type Audience = Tat['audience'];

/** A TAT setting with the `id` react-admin keys records by (the API calls it `_id`). */
export type TatRecord = Tat & { id: string };

/** `GET /setting/tat/missing`: the states with no setting for a job type and audience. */
export type MissingTatStates = Static<typeof TatMissingStates>;
