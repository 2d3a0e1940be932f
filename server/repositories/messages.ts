import type { Area } from '../../reference/permissions';
import type { Queryable } from '../db';
import type { messageSortFields, recipientSortFields } from '../schemas/messages';
import { containsPattern, Where } from './sqlWhere';

export type Audience = 'companies' | 'agents';
export type Box = 'inbox' | 'sent';

/** Who writes: provider staff may write to anyone; everyone else to staff and their own company's users. */
export interface Writer {
  id: string;
  area: Area;
  companyId: string | null;
}

export interface MessageRow {
  id: string;
  subject: string;
  body: string;
  sender_id: string;
  sender_name: string;
  sender_company_name: string | null;
  recipient_id: string | null;
  recipient_name: string | null;
  recipient_company_name: string | null;
  audience: Audience | null;
  recipient_count: number;
  created_at: Date;
  box: Box;
  read: boolean;
}

export interface RecipientRow {
  id: string;
  full_name: string;
  role: string;
  company_name: string | null;
  staff: boolean;
}

export type MessageSortField = (typeof messageSortFields)[number];

export interface MessageListFilter {
  /** Absent: both boxes (react-admin's getMany names ids without a box). */
  box?: Box;
  q?: string;
  ids?: string[];
}

export type RecipientSortField = (typeof recipientSortFields)[number];

export interface RecipientFilter {
  q?: string;
  ids?: string[];
}

/** Provider staff: admins and sub-admins of no company (the /admin area). */
const staffSql = (a: string) =>
  `(${a}.role = 'admin' OR (${a}.role = 'sub-admin' AND ${a}.company_id IS NULL))`;

/**
 * The accounts `writer` may write to, as a condition on `accounts a`: active ones other than
 * themselves; a company's users only their own company's users and the provider's staff. The
 * one place this rule lives: the recipient picker and sending both read it.
 */
function writableWhere(w: Where, writer: Writer) {
  w.add(`a.status = 1 AND a.id <> ${w.param(writer.id)}`);
  if (writer.area !== 'admin') {
    w.add(`(a.company_id = ${w.param(writer.companyId)} OR ${staffSql('a')})`);
  }
}

/** Each audience's recipients, as a condition on `accounts a`. */
const audienceSql: Record<Audience, string> = {
  companies: `a.role = 'company' AND a.status = 1`,
  agents: `a.role = 'agent' AND a.status = 1`,
};

const selectRecipient = `SELECT a.id, a.first_name || ' ' || a.last_name AS full_name, a.role,
    c.name AS company_name, ${staffSql('a')} AS staff
  FROM accounts a LEFT JOIN companies c ON c.id = a.company_id`;

/** `$1` is the viewer: `box` and `read` are theirs. */
const selectMessage = `SELECT m.id, m.subject, m.body, m.sender_id,
    s.first_name || ' ' || s.last_name AS sender_name, sc.name AS sender_company_name,
    m.recipient_id, r.first_name || ' ' || r.last_name AS recipient_name,
    rc.name AS recipient_company_name, m.audience, m.recipient_count, m.created_at,
    CASE WHEN d.recipient_id IS NULL THEN 'sent' ELSE 'inbox' END AS box,
    (d.recipient_id IS NULL OR d.read_at IS NOT NULL) AS read
  FROM messages m
  JOIN accounts s ON s.id = m.sender_id
  LEFT JOIN companies sc ON sc.id = s.company_id
  LEFT JOIN accounts r ON r.id = m.recipient_id
  LEFT JOIN companies rc ON rc.id = r.company_id
  LEFT JOIN message_deliveries d ON d.message_id = m.id AND d.recipient_id = $1`;

/** The viewer's messages: those delivered to them (inbox) and those they sent. */
function visibleWhere(w: Where, filter: MessageListFilter) {
  // `$1` is the viewer (selectMessage); a strict condition on `d` makes the join an inner one.
  const inbox = 'd.recipient_id IS NOT NULL';
  const sent = 'm.sender_id = $1';
  w.add(filter.box === 'inbox' ? inbox : filter.box === 'sent' ? sent : `(${inbox} OR ${sent})`);
  if (filter.ids) w.add(`m.id = ANY(${w.param(filter.ids)}::uuid[])`);
  const q = filter.q?.trim();
  if (q) {
    const p = w.param(containsPattern(q));
    w.add(
      `(m.subject ILIKE ${p} OR s.first_name || ' ' || s.last_name ILIKE ${p}` +
        ` OR r.first_name || ' ' || r.last_name ILIKE ${p})`,
    );
  }
}

export interface NoticeTemplates {
  subject: string;
  /** `format()` templates: %1$s the recipient's first name, %2$s their area (admin, company). */
  forUsers: string;
  forAgents: string;
}

export function createMessagesRepository(db: Queryable) {
  return {
    async listRecipients(
      writer: Writer,
      filter: RecipientFilter,
      sort: { field: RecipientSortField; order: 'ASC' | 'DESC' },
      offset: number,
      limit: number,
    ) {
      const w = new Where();
      writableWhere(w, writer);
      if (filter.ids) w.add(`a.id = ANY(${w.param(filter.ids)}::uuid[])`);
      const q = filter.q?.trim();
      if (q) {
        const p = w.param(containsPattern(q));
        w.add(
          `(a.first_name || ' ' || a.last_name ILIKE ${p} OR a.email ILIKE ${p} OR c.name ILIKE ${p})`,
        );
      }
      const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
      const order =
        sort.field === 'company_name'
          ? `c.name ${dir} NULLS FIRST, a.first_name ${dir}, a.last_name ${dir}`
          : `a.first_name ${dir}, a.last_name ${dir}`;
      const params = [...w.params];
      const [rows, total] = await Promise.all([
        db.query<RecipientRow>(
          `${selectRecipient} ${w.sql} ORDER BY ${order}, a.id ${dir}
           LIMIT ${w.param(limit)} OFFSET ${w.param(offset)}`,
          w.params,
        ),
        db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM accounts a LEFT JOIN companies c ON c.id = a.company_id
           ${w.sql}`,
          params,
        ),
      ]);
      return { rows: rows.rows, total: total.rows[0]!.n };
    },

    /** The account, if `writer` may write to it. */
    async findWritable(writer: Writer, recipientId: string, q: Queryable = db) {
      const w = new Where();
      writableWhere(w, writer);
      w.add(`a.id = ${w.param(recipientId)}`);
      const r = await q.query<RecipientRow>(`${selectRecipient} ${w.sql}`, w.params);
      return r.rows[0];
    },

    /**
     * Writes the message and its deliveries (one INSERT … SELECT, however large the audience);
     * returns its id and how many received it.
     */
    async send(
      m: { senderId: string; subject: string; body: string; sentAt?: Date } & (
        { recipientId: string } | { audience: Audience }
      ),
      q: Queryable = db,
    ) {
      const recipientId = 'recipientId' in m ? m.recipientId : null;
      const audience = 'audience' in m ? m.audience : null;
      const created = await q.query<{ id: string }>(
        `INSERT INTO messages (sender_id, recipient_id, audience, subject, body, created_at)
         VALUES ($1, $2, $3, $4, $5, coalesce($6, now())) RETURNING id`,
        [m.senderId, recipientId, audience, m.subject, m.body, m.sentAt ?? null],
      );
      const id = created.rows[0]!.id;
      const delivered = audience
        ? await q.query(
            `INSERT INTO message_deliveries (message_id, recipient_id)
             SELECT $1, a.id FROM accounts a WHERE ${audienceSql[audience]}`,
            [id],
          )
        : await q.query(
            'INSERT INTO message_deliveries (message_id, recipient_id) VALUES ($1, $2)',
            [id, recipientId],
          );
      const recipientCount = delivered.rowCount;
      await q.query('UPDATE messages SET recipient_count = $2 WHERE id = $1', [id, recipientCount]);
      return { id, recipientCount };
    },

    /**
     * The notice mails of the message, one per recipient, as a query for the mailer: agents get
     * the `forAgents` text, everyone else `forUsers`.
     */
    noticeMails(messageId: string, t: NoticeTemplates) {
      return {
        sql: `SELECT a.email AS "to", $2::text AS subject,
                     format(CASE WHEN a.role = 'agent' THEN $4::text ELSE $3::text END, a.first_name,
                            CASE WHEN ${staffSql('a')} THEN 'admin' ELSE 'company' END) AS text
                FROM message_deliveries d JOIN accounts a ON a.id = d.recipient_id
               WHERE d.message_id = $1`,
        params: [messageId, t.subject, t.forUsers, t.forAgents],
      };
    },

    async list(
      viewerId: string,
      filter: MessageListFilter,
      sort: { field: MessageSortField; order: 'ASC' | 'DESC' },
      offset: number,
      limit: number,
    ) {
      const w = new Where([viewerId]);
      visibleWhere(w, filter);
      const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
      const params = [...w.params];
      const [rows, total] = await Promise.all([
        db.query<MessageRow>(
          `${selectMessage} ${w.sql}
            ORDER BY m.${sort.field === 'id' ? 'created_at' : sort.field} ${dir}, m.id ${dir}
           LIMIT ${w.param(limit)} OFFSET ${w.param(offset)}`,
          w.params,
        ),
        db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (${selectMessage} ${w.sql}) v`,
          params,
        ),
      ]);
      return { rows: rows.rows, total: total.rows[0]!.n };
    },

    /** The message, if the viewer sent or received it. */
    async findVisible(id: string, viewerId: string, q: Queryable = db) {
      const w = new Where([viewerId]);
      visibleWhere(w, {});
      w.add(`m.id = ${w.param(id)}`);
      const r = await q.query<MessageRow>(`${selectMessage} ${w.sql}`, w.params);
      return r.rows[0];
    },

    async markRead(id: string, recipientId: string, q: Queryable = db) {
      await q.query(
        `UPDATE message_deliveries SET read_at = now()
          WHERE message_id = $1 AND recipient_id = $2 AND read_at IS NULL`,
        [id, recipientId],
      );
    },

    async unreadCount(recipientId: string) {
      const r = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM message_deliveries
          WHERE recipient_id = $1 AND read_at IS NULL`,
        [recipientId],
      );
      return r.rows[0]!.n;
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
