/**
 * The warnings of the machine checks of a capture submission (services/checks/), shown beside the
 * submission's other warnings: the API's schema and the web app read this one list.
 */
export const checkWarningCodes = [
  'bill_unreadable',
  'bill_name_mismatch',
  'bill_address_mismatch',
  'bill_too_old',
  'far_from_claimed_place',
  'no_face',
  'several_faces',
  'selfie_not_agent',
] as const;
