import type { AccountRow } from '../../repositories/accounts';
import type { MessageRow, Writer } from '../../repositories/messages';
import type { Message } from '../../schemas/messages';
import { areaOf } from '../../services/accountView';

export const messageView = (m: MessageRow): Message => ({
  ...m,
  created_at: m.created_at.toISOString(),
});

export const writerOf = (a: AccountRow): Writer => ({
  id: a.id,
  area: areaOf(a),
  companyId: a.company_id,
});
