import type { SeenFrom } from '../repositories/sessions';

/** How much of a User-Agent a session keeps: enough to name the device, bounded for a stranger. */
export const userAgentMaxLength = 300;

/** The User-Agent header as stored: trimmed, at most `userAgentMaxLength` characters, or null. */
export function storedUserAgent(header: string | string[] | undefined): string | null {
  const ua = (Array.isArray(header) ? header[0] : header)?.trim();
  return ua ? ua.slice(0, userAgentMaxLength) : null;
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
const browsers: [RegExp, string][] = [
  [/EdgA?\/|Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const firstMatch = (ua: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(ua))?.[1];

/**
 * A short readable name for a session's device ("Chrome on Android"): the browser and the system,
 * as far as the User-Agent tells them; "Unknown device" when it tells neither.
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = firstMatch(userAgent, browsers);
  const system = firstMatch(userAgent, systems);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/** Where a request comes from, as a session records it. */
export const seenFrom = (request: {
  headers: { 'user-agent'?: string | string[] };
  ip: string;
}): SeenFrom => ({ userAgent: storedUserAgent(request.headers['user-agent']), ip: request.ip });
