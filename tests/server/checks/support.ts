import type { Checkers } from '../../../server/services/checks/runner';
import type {
  BillCheck,
  CheckResult,
  CheckWarning,
  Claim,
  FaceCheck,
  PlaceCheck,
} from '../../../server/services/checks/types';

/** What the fake checkers saw: each call's input, for the tests to compare with the job. */
export interface FakeCalls {
  bill: { bytes: number; claim: Claim; capturedAt: Date }[];
  place: { point: { lat: number; lng: number }; claim: Claim }[];
  face: { selfie: number; agentPhoto: number | null }[];
  billCheckersMade: number;
  faceCheckersMade: number;
  /** Each warm() call, by checker. */
  warmed: string[];
  closed: string[];
}

/** How each fake answers: a result, or an error to throw. */
export interface FakeBehaviour {
  bill: CheckResult<BillCheck> | Error;
  place: CheckResult<PlaceCheck> | null | Error;
  face: CheckResult<FaceCheck> | Error;
  /** Made to wait (the bill's OCR) until this settles. */
  billGate?: Promise<void>;
}

export const matchingBill = (): CheckResult<BillCheck> => ({
  check: {
    text: 'IKEJA ELECTRIC PLC\nCustomer: AMAKA OBI\n12 Allen Avenue, Ikeja\nBill date 01/05/2026',
    issuer: 'Ikeja Electric Plc',
    name_score: 0.96,
    address_score: 0.88,
    bill_date: '2026-05-01',
    ms: 1840,
    marks: [
      { start: 0, end: 18, field: 'issuer' },
      { start: 29, end: 38, field: 'name' },
    ],
  },
  warnings: [],
});

export const warning = (code: CheckWarning['code'], message: string): CheckWarning => ({
  code,
  message,
});

export const nearPlace = (): CheckResult<PlaceCheck> => ({
  check: { distance_km: 3.4, in_claimed_state: true, hq: { name: 'Ikeja', lat: 6.6, lng: 3.35 } },
  warnings: [],
});

export const oneFace = (): CheckResult<FaceCheck> => ({ check: { faces: 1 }, warnings: [] });

/** Fake checkers, answering as `behaviour` says at the time of the call. */
export function fakeCheckers(behaviour: FakeBehaviour) {
  const calls: FakeCalls = {
    bill: [],
    place: [],
    face: [],
    billCheckersMade: 0,
    faceCheckersMade: 0,
    warmed: [],
    closed: [],
  };
  const answer = <T>(r: T | Error) => {
    if (r instanceof Error) throw r;
    return r;
  };
  const checkers: Checkers = {
    createBillChecker: () => {
      calls.billCheckersMade += 1;
      return {
        async check(jpeg, claim, capturedAt) {
          calls.bill.push({ bytes: jpeg.length, claim, capturedAt });
          // What it answers is fixed when it is called, whenever it is let go.
          const { bill, billGate } = behaviour;
          await billGate;
          return answer(bill);
        },
        warm: async () => void calls.warmed.push('bill'),
        close: async () => void calls.closed.push('bill'),
      };
    },
    checkPlace: (point, claim) => {
      calls.place.push({ point, claim });
      return answer(behaviour.place);
    },
    createFaceChecker: () => {
      calls.faceCheckersMade += 1;
      return {
        async check(selfie, agentPhoto) {
          calls.face.push({ selfie: selfie.length, agentPhoto: agentPhoto?.length ?? null });
          return answer(behaviour.face);
        },
        warm: async () => void calls.warmed.push('face'),
        close: async () => void calls.closed.push('face'),
      };
    },
  };
  return { checkers, calls };
}
