import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from '../repositories/audit';

/**
 * What goes into the audit log, and what never does. The hook (plugins/app/audit.ts) builds each
 * entry here from the route's declaration and the request; `scrubDetail` is the one gate every
 * `detail` passes: no token, password, secret, full phone number or NIN gets through it.
 */

/** `<resource>.<verb>`, as the table's CHECK wants it (lower case, dotted, underscores). */
export const auditActionPattern = /^[a-z0-9_]+(\.[a-z0-9_]+)+$/;

/** Written on any 403, whatever the route declares, with the route in `detail`. */
export const accessDeniedAction = 'access.denied';

/**
 * A GET declared with an `export.` action is audited only when it is one (`Accept: text/csv`);
 * any other declared GET (a download, a record full of personal data) on every call.
 */
export const exportActionPrefix = 'export.';

/** Facts a route adds to its own entry: who signed in, why a sign-in failed, whose company. */
export interface AuditNote {
  actorId?: string | null;
  companyId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  detail?: Record<string, unknown>;
}

/** Adds facts to the request's audit entry: the account a sign-in found, why it failed. */
export function noteAudit(request: FastifyRequest, note: AuditNote) {
  const before = request.auditNote ?? {};
  request.auditNote = { ...before, ...note, detail: { ...before.detail, ...note.detail } };
}

const writingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const isWritingMethod = (method: string) => writingMethods.has(method.toUpperCase());

// ---------------------------------------------------------------------------------------------
// Scrubbing

/** Keys whose values are secrets or identity numbers: left out whole, whatever they hold. */
const secretKey =
  /pass(word)?|secret|token|authorization|cookie|signature|otp|totp|recovery|apikey|api_key|^key$|^code$|^nin|nin$|^bvn|bvn$|^card|cvv|pin$/i;
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A bearer token, a JWT, an API key or a random token as this app issues them. */
const tokenLike = /^(bearer\s)|eyJ[\w-]*\.|vb_live_/i;
const opaqueToken = /^[A-Za-z0-9_\-+/=.]{24,}$/;
/** A run of digits with the separators people write in numbers: a phone number, a NIN, a card. */
const digitRun = /\+?\d[\d\s().-]{7,}\d/g;

const maxKeys = 12;
const maxItems = 20;
const maxText = 120;
const maxDepth = 2;
const redacted = '[redacted]';

/** Keeps at most the last 3 digits of a number long enough to identify someone. */
function maskDigits(text: string): string {
  return text.replace(digitRun, (run) => {
    const digits = run.replace(/\D/g, '');
    return digits.length >= 9 ? `***${digits.slice(-3)}` : run;
  });
}

/** A URL without its credentials, query and fragment (where webhook secrets hide). */
function bareUrl(text: string): string | undefined {
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text)) return undefined;
  const url = new URL(text);
  return `${url.protocol}//${url.host}${url.pathname}`;
}

function scrubText(text: string): string {
  if (uuidText.test(text)) return text;
  if (tokenLike.test(text) || opaqueToken.test(text)) return redacted;
  const url = bareUrl(text);
  const masked = maskDigits(url ?? text);
  // Anything token-like that hides inside text (a JWT's first part, a long random run). A JWT with
  // its dots, or an API key, anywhere made the whole text a token above.
  const cleaned = masked.replace(/eyJ[\w-]+|[A-Za-z0-9_-]{32,}/g, redacted);
  return cleaned.length > maxText ? `${cleaned.slice(0, maxText)}…` : cleaned;
}

function scrubValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? maskNumber(value) : null;
  if (typeof value === 'string') return scrubText(value);
  if (Array.isArray(value)) {
    if (depth >= maxDepth) return `[${value.length} items]`;
    const items = value.slice(0, maxItems).map((v) => scrubValue(v, depth + 1));
    return value.length > maxItems ? [...items, `…${value.length - maxItems} more`] : items;
  }
  if (typeof value === 'object' && isPlainObject(value)) {
    return depth >= maxDepth ? '[object]' : scrubObject(value, depth + 1);
  }
  return undefined;
}

/** A number long enough to be a phone number or a NIN is masked as one. */
const maskNumber = (n: number) =>
  Number.isInteger(n) && Math.abs(n) >= 1e8 ? `***${String(Math.abs(n)).slice(-3)}` : n;

const isPlainObject = (v: object): v is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

function scrubObject(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let kept = 0;
  for (const [key, v] of Object.entries(value)) {
    if (kept >= maxKeys) break;
    const name = key.replace(/[^A-Za-z0-9_]/g, '').slice(0, 40);
    if (!name || secretKey.test(name) || name === '__proto__') continue;
    // An address is kept as its first letter and domain: enough to tell whose, not to mail.
    const clean =
      /email/i.test(name) && typeof v === 'string' ? maskEmail(v) : scrubValue(v, depth);
    if (clean === undefined) continue;
    out[name] = clean;
    kept++;
  }
  return out;
}

/**
 * The one scrubber of `detail`: at most 12 keys, 2 levels, 20 items a list and 120 characters a
 * text; keys that name secrets or identity numbers are left out, tokens and API keys redacted,
 * numbers of 9 digits or more (phones, NINs) cut to their last 3, URLs to their host and path.
 */
export function scrubDetail(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  if (!isPlainObject(value)) return {};
  return scrubObject(value, 1);
}

/** An email as the log may keep it: `a***@example.ng`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***@${scrubText(email.slice(at + 1)).slice(0, 60)}`;
}

// ---------------------------------------------------------------------------------------------
// Entries

/** Path parameters that are secrets, never a target: capture links' tokens. */
// Stryker disable next-line ArrayDeclaration,StringLiteral: the scrubber drops a `token` key too; this keeps a path secret out should that list change
const secretParams = new Set(['token']);

/** `jobId` → `job`, `company_id` → `company`, `id` → the action's resource. */
const typeOfKey = (key: string, action: string) =>
  key === 'id' ? action.split('.')[0]! : key.replace(/_?[iI]d$/, '');
const isIdKey = (key: string) => key === 'id' || /[a-z](Id|_id)$/.test(key);

/** The target a request names: its `:id`-like path parameter, else an id field of its body. */
function targetOf(request: FastifyRequest, action: string) {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const body = request.body as Record<string, unknown> | undefined;
  for (const source of [params, body ?? {}]) {
    // No secret parameter (`token`) is an id key, so none is ever a target.
    const keys = Object.keys(source).filter((k) => isIdKey(k) && typeof source[k] === 'string');
    const key = keys.includes('id') ? 'id' : keys[0];
    if (key) return { targetType: typeOfKey(key, action), targetId: String(source[key]) };
  }
  return { targetType: null, targetId: null };
}

/** Path parameters that say which variant was asked for (`approve`, `company`), not ids. */
function variantParams(request: FastifyRequest) {
  const params = (request.params ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(params).filter(([k]) => !isIdKey(k) && !secretParams.has(k)),
  );
}

/** The body of a write, as far as it may be kept (files and streams are not). */
const bodyFacts = (request: FastifyRequest) =>
  isWritingMethod(request.method) ? (request.body as unknown) : undefined;

/**
 * The entry of one answered request: `action` is the route's (or `access.denied`), the outcome
 * the status code; `createdId` the `id` of a created resource's answer, for a route without one
 * in its path. The actor's company, or for a provider account acting on a company that company.
 */
export function entryOf(
  request: FastifyRequest,
  action: string,
  outcome: number,
  note: AuditNote,
  createdId?: string,
): AuditEntry {
  const account = request.account as FastifyRequest['account'] | null;
  const denied = action === accessDeniedAction;
  const declared = request.routeOptions.config.audit;
  const found = targetOf(request, declared ?? action);
  const target =
    found.targetId === null && createdId
      ? { targetType: (declared ?? action).split('.')[0]!, targetId: createdId }
      : found;
  const targetType = note.targetType ?? target.targetType;
  const targetId = note.targetId ?? target.targetId;
  const actorId = note.actorId ?? account?.id ?? null;
  // Provider accounts have none: they act for the company they act on, when the route names it.
  const ownCompany = account?.company_id ?? null;
  const companyId =
    note.companyId ?? ownCompany ?? (targetType === 'company' ? (targetId ?? null) : null);
  const detail = denied
    ? {
        route: `${request.method} ${request.routeOptions.url ?? ''}`,
        ...(declared ? { action: declared } : {}),
      }
    : {
        ...variantParams(request),
        ...scrubbedBody(request),
        // Which of the company's API keys acted (its id, never the key).
        ...(request.apiKeyId ? { via_key: request.apiKeyId } : {}),
        ...(note.detail ?? {}),
      };
  return {
    actorId,
    companyId: companyId && uuidText.test(companyId) ? companyId : null,
    action,
    targetType: targetType?.slice(0, 60) ?? null,
    targetId: targetId === null ? null : scrubText(targetId).slice(0, 100),
    outcome,
    ip: request.ip,
    requestId: request.id,
    detail: scrubDetail(detail),
  };
}

const scrubbedBody = (request: FastifyRequest) => scrubDetail(bodyFacts(request));
