import type { PhotoKind, PhotoMatchRow, SubmissionRow } from '../repositories/captures';

export type CaptureWarningCode =
  'no_gps' | 'low_accuracy' | 'duplicate_photo' | 'similar_photo' | 'device_time_skew';

export interface CaptureWarning {
  code: CaptureWarningCode;
  message: string;
  photo_kind?: PhotoKind;
  /** Only when the viewer may see that other job; otherwise the message just says "another job". */
  other_job_code?: string;
}

/** Worse than this (metres) the point may not be the address at all. */
export const maxAccuracyMetres = 100;
/** Device clock this far from ours: a photo taken earlier, or a tampered clock. */
export const maxClockSkewMs = 2 * 3600_000;
/** Near-duplicates are looked for among the photos taken within this many days. */
export const similarPhotoWindowDays = 90;

export const photoLabels: Record<PhotoKind, string> = {
  selfie: 'selfie',
  house: 'house',
  utility_bill: 'utility bill',
};

function duration(ms: number) {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${Math.round(minutes / 1440)} days`;
}

/**
 * What the reviewer should look at twice: no or imprecise GPS, a photo equal
 * or nearly equal to one of another job, a device clock far from the server's. `mayKnow` says
 * whether the viewer may see a matched job; if not, its code is withheld.
 */
export function captureWarnings(
  s: Pick<SubmissionRow, 'no_gps' | 'accuracy_m' | 'captured_at' | 'received_at'>,
  matches: PhotoMatchRow[],
  mayKnow: (m: PhotoMatchRow) => boolean,
): CaptureWarning[] {
  const out: CaptureWarning[] = [];
  const accuracy = s.accuracy_m ?? 0; // unknown accuracy is not reported as low
  if (s.no_gps) {
    out.push({ code: 'no_gps', message: 'Submitted without GPS coordinates' });
  } else if (accuracy > maxAccuracyMetres) {
    out.push({
      code: 'low_accuracy',
      message: `GPS accuracy is ${Math.round(accuracy)} m, worse than ${maxAccuracyMetres} m`,
    });
  }
  const seen = new Set<string>();
  for (const m of matches) {
    const key = `${m.kind}/${m.other_job_id}`;
    if (seen.has(key)) continue; // a duplicate is also "similar": say the stronger once
    seen.add(key);
    const known = mayKnow(m);
    const other = known ? m.other_job_code : 'another job';
    const label = photoLabels[m.kind];
    out.push({
      code: m.match === 'duplicate' ? 'duplicate_photo' : 'similar_photo',
      message:
        m.match === 'duplicate'
          ? `The ${label} photo is identical to a photo of ${other}`
          : `The ${label} photo is nearly identical to a photo of ${other}`,
      photo_kind: m.kind,
      ...(known ? { other_job_code: m.other_job_code } : {}),
    });
  }
  if (s.captured_at) {
    const skew = new Date(s.received_at).getTime() - new Date(s.captured_at).getTime();
    if (Math.abs(skew) > maxClockSkewMs) {
      out.push({
        code: 'device_time_skew',
        // Stryker disable next-line EqualityOperator: skew is never 0 here (its size is over 2 h)
        message: `The device time was ${duration(Math.abs(skew))} ${skew > 0 ? 'behind' : 'ahead of'} the time the evidence was received`,
      });
    }
  }
  return out;
}
