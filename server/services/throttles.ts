import type { FastifyReply } from 'fastify';
import { HttpError } from '../errors';
import type { RateLimitsRepository } from '../repositories/rateLimits';

export interface Throttle {
  /** Names the counter in `rate_limits`. */
  bucket: string;
  limit: number;
  windowMinutes: number;
}

/**
 * Every throttle of the API, in one place (README, Security). Per-IP limits are generous because
 * mobile carriers put many users behind one IP; per-email limits protect one mailbox and one
 * account whoever asks.
 */
export const throttles = {
  /**
   * Sign-in attempts; a right password takes its attempt back. Counted per email and address, so
   * that guessing from one place locks nobody out elsewhere: the owner's right password from
   * another address still signs in, and a guesser must change address every 10 tries.
   */
  loginPerEmailAndIp: { bucket: 'login:email-ip', limit: 10, windowMinutes: 15 },
  loginPerIp: { bucket: 'login:ip', limit: 50, windowMinutes: 15 },
  signupPerEmail: { bucket: 'signup:email', limit: 5, windowMinutes: 60 },
  signupPerIp: { bucket: 'signup:ip', limit: 20, windowMinutes: 60 },
  recoverPerEmail: { bucket: 'recover:email', limit: 5, windowMinutes: 60 },
  recoverPerIp: { bucket: 'recover:ip', limit: 20, windowMinutes: 60 },
  /**
   * Two-factor codes (sign-in's second step, enable, disable): 10^6 codes and a window of three
   * make a guess 3 in a million; 5 tries per account in 15 minutes keep a year of guessing under
   * one chance in four. A right code takes the account's tries back.
   */
  twoFactorPerAccount: { bucket: '2fa:account', limit: 5, windowMinutes: 15 },
  twoFactorPerIp: { bucket: '2fa:ip', limit: 50, windowMinutes: 15 },
  setPasswordPerIp: { bucket: 'set-password:ip', limit: 20, windowMinutes: 15 },
  confirmEmailPerIp: { bucket: 'confirm-email:ip', limit: 30, windowMinutes: 15 },
  /** Field agent applications, like sign-up. */
  agentApplicationPerIp: { bucket: 'agent-application:ip', limit: 20, windowMinutes: 60 },
  /**
   * Unknown capture links. A mistyped link is a miss too; guessing a 256-bit token needs vastly
   * more. Links that exist are never refused, so a guesser on an agent's carrier IP locks out
   * nobody but guessers.
   */
  captureMissesPerIp: { bucket: 'capture-miss:ip', limit: 30, windowMinutes: 15 },
  /**
   * Invitations (each mails an address the inviter names): per inviter, and per company (the
   * provider's staff count as one) so that sub-users do not multiply it.
   */
  invitesPerInviter: { bucket: 'invite:inviter', limit: 20, windowMinutes: 60 },
  invitesPerCompany: { bucket: 'invite:company', limit: 50, windowMinutes: 60 },
  /** Messages a user sends (each mails its recipients): a busy support desk stays far below. */
  messagesPerSender: { bucket: 'message:sender', limit: 60, windowMinutes: 60 },
  /** The same counted per company, owner and sub-users together, so sub-users add no room. */
  messagesPerCompany: { bucket: 'message:company', limit: 120, windowMinutes: 60 },
  /** Broadcasts mail every company or every agent: a few an hour at most. */
  broadcastsPerSender: { bucket: 'broadcast:sender', limit: 5, windowMinutes: 60 },
  /**
   * Capture links sent by SMS (each a text we pay for, to a number the sender may name): per job,
   * room for a few resends; per user, a busy dispatcher's morning.
   */
  captureSmsPerJob: { bucket: 'capture-sms:job', limit: 5, windowMinutes: 60 },
  captureSmsPerSender: { bucket: 'capture-sms:sender', limit: 30, windowMinutes: 60 },
  /** API keys made for one company (revoked ones too), so create-and-revoke cannot run on. */
  apiKeysPerCompany: { bucket: 'api-key:company', limit: 30, windowMinutes: 60 },
  /** Test events and resends, per endpoint: each is a request to a server the company names. */
  webhookSendsPerEndpoint: { bucket: 'webhook-send:endpoint', limit: 30, windowMinutes: 60 },
  /**
   * Audit entries of requests nobody signed in to (failed sign-ins, junk tokens), per address:
   * past it, a stranger's flood is answered as usual but no longer written to the log.
   */
  auditStrangerPerIp: { bucket: 'audit-stranger:ip', limit: 300, windowMinutes: 15 },
  /**
   * Data-subject searches, exports and erasures, per staff member: a desk answers a few requests
   * a day; this stops anyone walking through phone numbers or NINs.
   */
  dataRequestsPerStaff: { bucket: 'data-request:staff', limit: 30, windowMinutes: 60 },
  /**
   * Machine checks run again on a reviewer's request (each an OCR and a face search, seconds of
   * a core): a reviewer doubting a few submissions an hour stays far below.
   */
  checksPerReviewer: { bucket: 'checks:reviewer', limit: 20, windowMinutes: 60 },
} as const satisfies Record<string, Throttle>;

export const tooManyRequests = (minutes: number) =>
  `Too many requests. Please wait ${minutes} minutes and try again.`;

/**
 * Counts one attempt of `key` against `throttle`; over the limit, answers 429 with `Retry-After`
 * (the seconds left in the window) and `message`.
 */
export async function spendAttempt(
  rateLimits: RateLimitsRepository,
  reply: FastifyReply,
  throttle: Throttle,
  key: string,
  message = tooManyRequests(throttle.windowMinutes),
) {
  const hit = await rateLimits.hit(
    throttle.bucket,
    key,
    throttle.limit,
    throttle.windowMinutes * 60,
  );
  if (!hit.allowed) {
    reply.header('Retry-After', String(hit.retryAfterSeconds));
    throw new HttpError(429, message);
  }
}
