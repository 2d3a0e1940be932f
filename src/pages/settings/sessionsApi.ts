import type { Session } from '../../../server/schemas/sessions';
import { apiJson } from '../../httpClient/httpClient';

export type { Session };

/** Settings → Signed-in devices: the calls, spread on the dataProvider. */
export const sessionsApi = {
  /** `GET /auth/sessions`: the user's live sessions, last used first. */
  listSessions: () => apiJson<Session[]>('/auth/sessions'),
  /** `DELETE /auth/sessions/{id}`: signs that device out. */
  endSession: (id: string) =>
    apiJson<null>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** `POST /auth/sessions/end-others`: signs out every device but this one. */
  endOtherSessions: () => apiJson<null>('/auth/sessions/end-others', { method: 'POST' }),
};
