/** The wire types of messages, straight from the server's schemas (no bundle cost). */
export type { Message, Recipient } from '../../../server/schemas/messages';
export type { Audience } from '../../../server/repositories/messages';
