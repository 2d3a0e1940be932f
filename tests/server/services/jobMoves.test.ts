import { describe, expect, it } from 'vitest';
import { planMoves } from '../../../server/services/jobMoves';

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
