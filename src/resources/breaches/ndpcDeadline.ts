import type { Breach } from './types';

const hourMs = 3_600_000;

/** Where an entry stands against the NDPC's 72 hours (the server's `ndpc_deadline`). */
export type NdpcDeadline =
  | { kind: 'notified'; at: string }
  | { kind: 'due'; by: string; hours: number }
  | { kind: 'overdue'; hours: number }
  | { kind: 'none' };

/**
 * An open entry not yet notified is due by its deadline (whole hours left, rounded down) or
 * overdue (whole hours past); a notified one says when; a closed one never notified, nothing.
 */
export function ndpcDeadlineOf(
  b: Pick<Breach, 'ndpc_notified_at' | 'ndpc_deadline' | 'status'>,
  now = Date.now(),
): NdpcDeadline {
  if (b.ndpc_notified_at) return { kind: 'notified', at: b.ndpc_notified_at };
  if (b.status !== 'open') return { kind: 'none' };
  const left = Date.parse(b.ndpc_deadline) - now;
  return left >= 0
    ? { kind: 'due', by: b.ndpc_deadline, hours: Math.floor(left / hourMs) }
    : { kind: 'overdue', hours: Math.floor(-left / hourMs) };
}
