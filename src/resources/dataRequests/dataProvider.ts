import { apiJson, apiUrl, fetchBlob } from '../../httpClient/httpClient';
import type { DataSubjectErasure, DataSubjectFindings, DataSubjectQuery } from './types';

/** The keys given, as a query string (empty ones left out). */
const queryOf = (keys: DataSubjectQuery) =>
  new URLSearchParams(
    Object.entries(keys).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();

/** Data-subject requests: not CRUD, spread on the dataProvider. */
export const dataRequestsApi = {
  /** `GET /data-requests/search`: what is held about the person, as counts and ids. */
  searchDataSubject: (keys: DataSubjectQuery) =>
    apiJson<DataSubjectFindings>(`/data-requests/search?${queryOf(keys)}`),
  /** `GET /data-requests/export`: every field held, as the server's JSON or PDF file. */
  exportDataSubject: (keys: DataSubjectQuery, format: 'json' | 'pdf') =>
    fetchBlob(`${apiUrl}/data-requests/export?${queryOf(keys)}`, {
      accept: format === 'pdf' ? 'application/pdf' : 'application/json',
    }),
  /** `POST /data-requests/erase`: erases the person, confirmed. */
  eraseDataSubject: (keys: DataSubjectQuery) =>
    apiJson<DataSubjectErasure>('/data-requests/erase', {
      method: 'POST',
      body: { ...keys, confirm: true },
    }),
};
