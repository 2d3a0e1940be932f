import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../errors';
import { contentTypeOf, StoredFileMissingError } from './storage';

/** Sends a stored image privately (never cached); 404 when there is none. */
export async function sendStoredImage(
  app: FastifyInstance,
  reply: FastifyReply,
  key: string | null | undefined,
) {
  if (!key) throw notFound('Photo not found');
  let data: Buffer;
  try {
    data = await app.storage.get(key);
  } catch (err) {
    if (err instanceof StoredFileMissingError) throw notFound('Photo not found');
    throw err;
  }
  return reply
    .header('Content-Type', contentTypeOf(path.extname(key)))
    .header('Cache-Control', 'private, no-store')
    .send(data);
}
