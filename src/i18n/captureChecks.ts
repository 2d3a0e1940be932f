/** The texts of the machine checks on the job profile (app.jobs.checks), spread into ./en.ts. */
export const captureCheckTexts = {
  title: 'Machine checks',
  pending: 'The evidence is being checked: this part refreshes by itself when it is done.',
  failed: 'The evidence could not be checked. Try again later.',
  checked_at: 'Checked %{date}.',
  not_checked: 'Not checked: %{parts}.',
  part: { bill: 'the utility bill', place: 'the place', face: 'the selfie' },
  check_again: 'Check again',
  queued: 'The evidence will be checked again in a few seconds',
  issuer: 'Bill issuer',
  issuer_unknown: 'Not recognised',
  name_score: 'Name on the bill',
  address_score: 'Address on the bill',
  bill_date: 'Bill date',
  no_date: 'Not found',
  took: 'Reading took',
  seconds: '%{seconds} s',
  distance: 'Distance to %{hq} (LGA headquarters)',
  km: '%{km} km',
  in_claimed_state: 'In the claimed state',
  faces: 'Faces on the selfie',
  agent_match: "Match with the agent's photo",
  bill_text: 'Text read on the bill',
  matched: {
    issuer: 'Matched: the issuer',
    name: "Matched: the subject's name",
    address: 'Matched: the address',
    date: "The bill's date",
  },
};

/** The titles of the machine checks' warnings, beside the submission's own (app.jobs.capture.warning). */
export const checkWarningTitles = {
  bill_unreadable: 'Bill unreadable',
  bill_name_mismatch: 'Name not on the bill',
  bill_address_mismatch: 'Address not on the bill',
  bill_too_old: 'Old bill',
  far_from_claimed_place: 'Far from the claimed place',
  no_face: 'No face on the selfie',
  several_faces: 'Several faces on the selfie',
  selfie_not_agent: 'Selfie is not the agent',
};
