import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/errors';
import {
  canMove,
  jobStatuses,
  movableFrom,
  nextStatus,
  type JobAction,
  type JobStatus,
} from '../../../server/services/jobStateMachine';

// DESIGN §3, written out as the whole table: every (status, action) pair, allowed or not.
const allowed: Record<JobAction, [JobStatus[], JobStatus]> = {
  assign: [['pending', 'assigned', 'declined'], 'assigned'],
  accept: [['assigned'], 'accepted'],
  decline: [['assigned'], 'declined'],
  withdraw: [['assigned', 'accepted'], 'declined'],
  submit: [['accepted'], 'submitted'],
  approve: [['submitted'], 'approved'],
  reject: [['submitted'], 'rejected'],
  cancel: [['pending', 'assigned', 'accepted', 'declined'], 'cancelled'],
};

describe('job moves: the state machine allows exactly the moves of DESIGN §3', () => {
  for (const [action, [from, to]] of Object.entries(allowed) as [
    JobAction,
    [JobStatus[], JobStatus],
  ][]) {
    it(`${action}: from ${from.join(', ')} to ${to}; from anything else a 409`, () => {
      for (const status of jobStatuses) {
        expect(canMove(status, action), `${action} from ${status}`).toBe(from.includes(status));
        expect(movableFrom(action).includes(status), `movableFrom(${action})`).toBe(
          from.includes(status),
        );
        if (from.includes(status)) {
          expect(nextStatus(status, action, 'JOB-000001')).toBe(to);
        } else {
          const err = (() => {
            try {
              nextStatus(status, action, 'JOB-000001');
            } catch (e) {
              return e;
            }
          })();
          expect(err).toBeInstanceOf(HttpError);
          expect(err).toMatchObject({
            statusCode: 409,
            message: `Cannot ${action} JOB-000001: it is ${status}`,
          });
        }
      }
    });
  }

  it('names "this job" when the caller has no code', () => {
    expect(() => nextStatus('approved', 'cancel')).toThrow(
      'Cannot cancel this job: it is approved',
    );
  });
});
