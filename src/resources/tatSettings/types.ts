import type { Static } from 'typebox';
import type {
  TatSetting as TatSettingSchema,
  TatSettingBody as TatSettingBodySchema,
} from '../../../server/schemas/settings';

/** Spec §3 "TAT setting", as `GET /setting/tat` answers it (amount in NGN). */
export type TatSetting = Static<typeof TatSettingSchema>;

/** The body of `POST /setting/tat` and `PATCH /setting/tat/{id}`. */
export type TatSettingBody = Static<typeof TatSettingBodySchema>;

export type Audience = TatSetting['audience'];

/** A TAT setting with the `id` react-admin keys records by (the API calls it `_id`). */
export type TatSettingRecord = TatSetting & { id: string };
