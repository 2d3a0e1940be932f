import type { JobKind } from '../../../reference/jobKinds';

export type Audience = 'company' | 'agent';

/** Spec §3 "TAT setting", as `GET /setting/tat` answers it (amount in NGN). */
export interface TatSetting {
  _id: string;
  state: string;
  jobType: JobKind;
  audience: Audience;
  amount: number;
  tatInHours: number;
  createdAt: string;
  updatedAt: string | null;
}

/** The body of `POST /setting/tat` and `PATCH /setting/tat/{id}`. */
export interface TatSettingBody {
  state: string;
  jobType: JobKind;
  audience: Audience;
  amount: number;
  tatInHours: number;
}
