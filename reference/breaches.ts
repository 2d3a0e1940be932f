/**
 * The breach register (Nigeria Data Protection Act 2023, s. 40): an entry is open until the
 * provider closes it, and the NDPC is notified within 72 hours of the provider becoming aware.
 */
export const breachStatuses = ['open', 'closed'] as const;
export type BreachStatus = (typeof breachStatuses)[number];

export const ndpcNotifyHours = 72;
