/**
 * How long a closed job's personal data (subject details, capture photos, GPS) is kept before it
 * is erased: the server's RETENTION_DAYS, this by default. The privacy policy and the capture
 * wizard's notice state it through `retentionText`.
 */
export const defaultRetentionDays = 365;

/** "365 days after the job is closed, unless your provider has set another period". */
export const retentionText = (days = defaultRetentionDays) =>
  `${days} days after the job is closed, unless your provider has set another period`;
