import { describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../../../server/db';
import type { JobsRepository } from '../../../server/repositories/jobs';
import { planMoves, writeMoves } from '../../../server/services/jobMoves';
import type { WebhookQueue } from '../../../server/services/webhooks';

const job = { id: 'j1', code: 'JOB-000007', status: 'assigned' as const };

describe('job moves: planMoves checks each step from where the previous one left the job', () => {
  it("capture's submit of an assigned job: accepted, then submitted, two events", () => {
    const move = planMoves(job, [
      { action: 'accept', reason: 'Accepted by submitting' },
      { action: 'submit', reason: ' Evidence ' },
    ]);
    expect(move).toEqual({
      jobId: 'j1',
      to: 'submitted',
      rating: null,
      events: [
        { jobId: 'j1', from: 'assigned', to: 'accepted', reason: 'Accepted by submitting' },
        { jobId: 'j1', from: 'accepted', to: 'submitted', reason: 'Evidence' },
      ],
    });
  });

  it('refuses a step the state machine forbids, naming the job and its status then', () => {
    expect(() => planMoves(job, [{ action: 'submit' }])).toThrow(
      'Cannot submit JOB-000007: it is assigned',
    );
    expect(() => planMoves(job, [{ action: 'decline' }, { action: 'accept' }])).toThrow(
      'Cannot accept JOB-000007: it is declined',
    );
  });

  it('keeps the rating and turns a blank reason into none', () => {
    const move = planMoves(
      { ...job, status: 'submitted' },
      [{ action: 'approve', reason: '  ' }],
      5,
    );
    expect(move).toMatchObject({ to: 'approved', rating: 5, events: [{ reason: null }] });
  });
});

describe('writeMoves: statuses, events, money and webhooks of planned moves, in one transaction', () => {
  it('writes each move, settles the approved and cancelled, and publishes events step by step', async () => {
    const published: unknown[][] = [];
    const tx = {
      query: vi.fn(async (_sql: string, params: unknown[] = []) => {
        if (typeof params[0] === 'string' && params[0].startsWith('job.')) {
          published.push([params[0], params[1]]);
        }
        return { rows: [], rowCount: 0 };
      }),
    } as unknown as Queryable;
    const jobs = {
      writeMoves: vi.fn(async () => undefined),
      money: vi.fn(async () => []),
    } as unknown as JobsRepository;
    const queue = { send: vi.fn(), sendMany: vi.fn() } as unknown as WebhookQueue;
    const at = new Date('2026-01-05T10:00:00Z');
    const moves = [
      planMoves(job, [{ action: 'accept' }, { action: 'submit', reason: 'Done' }], null, at),
      planMoves({ id: 'j2', code: 'JOB-000008', status: 'submitted' }, [{ action: 'approve' }], 4),
    ];
    await writeMoves({ jobs, queue }, moves, 'actor-1', tx);
    expect(jobs.writeMoves).toHaveBeenCalledWith(
      [
        { id: 'j1', status: 'submitted', rating: null },
        { id: 'j2', status: 'approved', rating: 4 },
      ],
      [...moves[0]!.events, ...moves[1]!.events],
      'actor-1',
      tx,
    );
    expect(jobs.money).toHaveBeenCalledWith(['j2'], tx);
    // First steps first: j1's accept with j2's approval, then j1's submit.
    expect(published).toEqual([
      ['job.accepted', ['j1']],
      ['job.approved', ['j2']],
      ['job.submitted', ['j1']],
    ]);
  });
});
