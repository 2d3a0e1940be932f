import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Shared by the benchmark's parts: number format, medians and the markdown report. */
export const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The `p`-quantile (0..1) of `values`, nearest rank. */
export const quantile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};

/** A markdown table; the first row is the header. */
export function markdownTable(rows: string[][]) {
  const lines = rows.map((r) => `| ${r.join(' | ')} |`);
  lines.splice(1, 0, `|${rows[0]!.map(() => '---').join('|')}|`);
  return lines;
}

/** The results file of this run: bench/results-postgres.md with DATABASE_URL, else results.md. */
export const resultsFile = () =>
  process.env.DATABASE_URL ? 'bench/results-postgres.md' : 'bench/results.md';

/**
 * Puts `section` (starting with its `## ` heading) into the report `file`, in place of an older
 * section with the same heading, or at the end.
 */
export function writeSection(file: string, section: string) {
  const heading = section.split('\n', 1)[0]!;
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = old.indexOf(`\n${heading}\n`);
  let kept = old;
  if (start >= 0) {
    const next = old.indexOf('\n## ', start + heading.length + 1);
    kept = old.slice(0, start + 1) + (next >= 0 ? old.slice(next + 1) : '');
  }
  writeFileSync(file, `${kept.trimEnd()}\n\n${section.trimEnd()}\n`);
}
