import type { AuditEntry } from '../../../server/schemas/audit';

/** An entry of the audit log as the API lists it (server/schemas/audit.ts). */
export type { AuditEntry };
