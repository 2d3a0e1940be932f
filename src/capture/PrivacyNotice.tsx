import { useState } from 'react';
import { retentionText } from '../../reference/retention';

/** A short key per link for "notice seen", so the link's token itself is not stored again. */
function noticeKey(token: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193);
  return `capture-notice-${(h >>> 0).toString(36)}`;
}

const read = (key: string) => {
  try {
    return localStorage.getItem(key) === 'seen';
  } catch {
    return false;
  }
};

/** Whether this link's notice was shown on this phone, and the call that records it. */
export function useNoticeSeen(token: string): [boolean, () => void] {
  const key = noticeKey(token);
  const [seen, setSeen] = useState(() => read(key));
  const markSeen = () => {
    try {
      localStorage.setItem(key, 'seen');
    } catch {
      // Private mode or a full store: the notice shows again next time, nothing else is lost.
    }
    setSeen(true);
  };
  return [seen, markSeen];
}

/** Records the notice as seen for `token` (tests start the wizard past it). */
export const markNoticeSeen = (token: string) => localStorage.setItem(noticeKey(token), 'seen');

/**
 * Before the first photo, once per job: what this visit collects, why, for how long, and where
 * the privacy policy is. One screen and one button, no waiting: the camera warms up behind it.
 */
export function PrivacyNotice({
  retentionDays,
  onContinue,
}: {
  /** The server's RETENTION_DAYS, from the link's job. */
  retentionDays?: number;
  onContinue: () => void;
}) {
  return (
    <section className="step" aria-labelledby="notice-title">
      <h2 id="notice-title">Before the photos</h2>
      <p>This visit collects, for the verification a client company asked for:</p>
      <ul>
        <li>a selfie of you, the agent, at the address;</li>
        <li>a photo of the house or premises;</li>
        <li>a photo of the utility bill;</li>
        <li>the phone&rsquo;s position (GPS) and the time of the visit.</li>
      </ul>
      <p>
        Why: to confirm the address of the person the company is verifying, under its contract with
        them and its legal duties (Nigeria Data Protection Act 2023). Tell the person you visit what
        you photograph and why.
      </p>
      <p>How long: kept {retentionText(retentionDays)}, then erased.</p>
      <p>
        The person visited can ask to see or erase their data: see the{' '}
        <a href="/privacy-policy" target="_blank" rel="noopener noreferrer">
          privacy policy
        </a>
        .
      </p>
      <button type="button" className="wide" onClick={onContinue}>
        Continue
      </button>
    </section>
  );
}
