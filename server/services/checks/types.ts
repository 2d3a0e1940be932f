/**
 * What the machine checks in a capture submission, shared by the bill reader, the place check,
 * the face check and the runner that stores their results (services/checks/*).
 */

/** What the job claims about its subject: the checks compare the evidence against it. */
export interface Claim {
  subjectName: string;
  /** The address, registered address or place of inspection (null for some job kinds). */
  address: string | null;
  /** The state's alias in reference/ (e.g. `lagos`, `abuja`). */
  stateAlias: string;
  lga: string;
}

export type CheckWarningCode =
  | 'bill_unreadable'
  | 'bill_name_mismatch'
  | 'bill_address_mismatch'
  | 'bill_too_old'
  | 'far_from_claimed_place'
  | 'no_face'
  | 'several_faces'
  | 'selfie_not_agent';

export interface CheckWarning {
  code: CheckWarningCode;
  message: string;
}

/** A span of the read text that matched part of the claim, for the job page to mark. */
export interface TextMark {
  start: number;
  end: number;
  field: 'issuer' | 'name' | 'address' | 'date';
}

export interface BillCheck {
  text: string;
  issuer: string | null;
  /** 0..1: how well the claimed name is found in the text. */
  name_score: number;
  /** 0..1: how well the claimed address is found in the text. */
  address_score: number;
  /** The bill's date, YYYY-MM-DD, or null when none was found. */
  bill_date: string | null;
  /** Time the reading and matching took. */
  ms: number;
  marks: TextMark[];
}

export interface PlaceCheck {
  distance_km: number;
  in_claimed_state: boolean;
  /** The claimed LGA's headquarters, for the map. */
  hq: { name: string; lat: number; lng: number };
}

export interface FaceCheck {
  faces: number;
  agent_match_score?: number;
}

export interface CheckResult<T> {
  check: T;
  warnings: CheckWarning[];
}
