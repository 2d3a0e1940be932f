import { describe, expect, it } from 'vitest';
import type { PhotoMatchRow } from '../../../server/repositories/captures';
import { captureWarnings } from '../../../server/services/captureWarnings';

const received = new Date('2026-03-02T12:00:00Z');
const located = { no_gps: false, accuracy_m: 20, captured_at: received, received_at: received };
const minutes = (n: number) => new Date(received.getTime() + n * 60_000);
const match = (over: Partial<PhotoMatchRow>): PhotoMatchRow => ({
  kind: 'selfie',
  match: 'duplicate',
  distance: 0,
  other_job_id: 'job-b',
  other_job_code: 'JOB-000002',
  other_company_id: 'c1',
  other_assignee_company_id: null,
  other_assignee_agent_id: null,
  ...over,
});
const codes = (w: { code: string }[]) => w.map((x) => x.code);
const known = () => true;

describe('capture warnings: GPS', () => {
  it('a located submission within 100 m and on time has no warning', () => {
    expect(captureWarnings(located, [], known)).toEqual([]);
  });

  it('no GPS says so, and nothing about accuracy', () => {
    const w = captureWarnings({ ...located, no_gps: true, accuracy_m: 500 }, [], known);
    expect(w).toEqual([{ code: 'no_gps', message: 'Submitted without GPS coordinates' }]);
  });

  it('exactly 100 m is fine; worse is low_accuracy with the rounded figure', () => {
    expect(captureWarnings({ ...located, accuracy_m: 100 }, [], known)).toEqual([]);
    expect(captureWarnings({ ...located, accuracy_m: 100.6 }, [], known)).toEqual([
      { code: 'low_accuracy', message: 'GPS accuracy is 101 m, worse than 100 m' },
    ]);
    expect(captureWarnings({ ...located, accuracy_m: null }, [], known)).toEqual([]);
  });
});

describe('capture warnings: photos matching another job', () => {
  it('the same photo matching one job as both duplicate and similar is said once, as duplicate', () => {
    // The repository lists the closest match first.
    const w = captureWarnings(
      located,
      [match({}), match({ match: 'similar', distance: 3 })],
      known,
    );
    expect(w).toEqual([
      {
        code: 'duplicate_photo',
        message: 'The selfie photo is identical to a photo of JOB-000002',
        photo_kind: 'selfie',
        other_job_code: 'JOB-000002',
      },
    ]);
  });

  it('another kind, or another job, is another warning; a similar one says "nearly"', () => {
    const w = captureWarnings(
      located,
      [
        match({}),
        match({ kind: 'utility_bill', match: 'similar', distance: 4 }),
        match({ other_job_id: 'job-c', other_job_code: 'JOB-000003', match: 'similar' }),
      ],
      known,
    );
    expect(w.map((x) => x.message)).toEqual([
      'The selfie photo is identical to a photo of JOB-000002',
      'The utility bill photo is nearly identical to a photo of JOB-000002',
      'The selfie photo is nearly identical to a photo of JOB-000003',
    ]);
    expect(codes(w)).toEqual(['duplicate_photo', 'similar_photo', 'similar_photo']);
  });

  it('a job the viewer may not know is "another job", without its code', () => {
    const w = captureWarnings(located, [match({ match: 'similar', kind: 'house' })], () => false);
    expect(w).toEqual([
      {
        code: 'similar_photo',
        message: 'The house photo is nearly identical to a photo of another job',
        photo_kind: 'house',
      },
    ]);
  });
});

describe('capture warnings: device clock', () => {
  it('exactly 2 h either way is fine', () => {
    expect(captureWarnings({ ...located, captured_at: minutes(-120) }, [], known)).toEqual([]);
    expect(captureWarnings({ ...located, captured_at: minutes(120) }, [], known)).toEqual([]);
  });

  it('a device clock running behind by more than 2 h', () => {
    expect(captureWarnings({ ...located, captured_at: minutes(-121) }, [], known)).toEqual([
      {
        code: 'device_time_skew',
        message: 'The device time was 2 h 1 min behind the time the evidence was received',
      },
    ]);
  });

  it('a device clock running ahead, in days past 48 h', () => {
    expect(captureWarnings({ ...located, captured_at: minutes(135) }, [], known)).toEqual([
      {
        code: 'device_time_skew',
        message: 'The device time was 2 h 15 min ahead of the time the evidence was received',
      },
    ]);
    const w = captureWarnings({ ...located, captured_at: minutes(3 * 1440 + 100) }, [], known);
    expect(w[0]!.message).toBe(
      'The device time was 3 days ahead of the time the evidence was received',
    );
    const justUnder = captureWarnings({ ...located, captured_at: minutes(48 * 60 - 1) }, [], known);
    expect(justUnder[0]!.message).toBe(
      'The device time was 47 h 59 min ahead of the time the evidence was received',
    );
    const at48 = captureWarnings({ ...located, captured_at: minutes(48 * 60) }, [], known);
    expect(at48[0]!.message).toBe(
      'The device time was 2 days ahead of the time the evidence was received',
    );
  });

  it('no device time, no clock warning', () => {
    expect(captureWarnings({ ...located, captured_at: null }, [], known)).toEqual([]);
  });
});
