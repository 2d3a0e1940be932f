import { useQuery } from '@tanstack/react-query';
import type { JobKind } from '../../../reference/jobKinds';
import { findState } from '../../../reference/locations';
import type { PricedJobs } from './PriceSummary';

/** The file as text, with FileReader (everywhere, unlike Blob.text in some test DOMs). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });

/**
 * A bulk file's rows counted per state, to price it before the upload: CSV files are read here
 * (papaparse, loaded only then; it finds the `,` `;` or tab delimiter); an .xlsx file is priced
 * by the server when uploaded. Unknown states count as written: the price lookup then names them.
 * Rows without a state are not priced (the server refuses them).
 */
export async function countRowsPerState(file: File, kind: JobKind): Promise<PricedJobs[] | null> {
  if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') return null;
  const { default: Papa } = await import('papaparse');
  const text = (await readText(file)).replace(/^\uFEFF/, '');
  const { data } = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const counts = new Map<string, number>();
  for (const row of data) {
    const written = (row.state ?? '').trim();
    // A row without a state is refused by the server with the file's other errors: no price.
    if (!written) continue;
    const state = findState(written)?.alias ?? written;
    counts.set(state, (counts.get(state) ?? 0) + 1);
  }
  return [...counts].map(([state, count]) => ({ kind, state, count }));
}

/** `countRowsPerState` of the chosen file: undefined while reading, null when not priceable. */
export function useFilePricing(file: File | null, kind: JobKind) {
  const { data } = useQuery({
    queryKey: ['file-pricing', file?.name, file?.size, file?.lastModified, kind],
    queryFn: () => (file ? countRowsPerState(file, kind) : null),
    enabled: !!file,
    retry: false,
    staleTime: Infinity,
  });
  return file ? data : undefined;
}
