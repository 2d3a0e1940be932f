import type { SortPayload } from 'react-admin';
import { apiUrl, fetchBlob } from '../httpClient/httpClient';

export interface ExportParams {
  filter: Record<string, unknown>;
  sort?: SortPayload;
}

/**
 * A list's CSV export, written by the server (`GET /{resource}` with `Accept: text/csv`): every
 * row matching the filters, not just the page, behind the Report label, formulas escaped.
 */
export const exportsApi = {
  exportList(resource: string, { filter, sort }: ExportParams): Promise<Blob> {
    const query = new URLSearchParams({ filter: JSON.stringify(filter) });
    if (sort?.field) query.set('sort', JSON.stringify([sort.field, sort.order]));
    return fetchBlob(`${apiUrl}/${resource}?${query.toString()}`);
  },
};
