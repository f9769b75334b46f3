/**
 * An outbox message's body (docs/api.md#webhooks): the JSON text signed and sent, as a string or as
 * its UTF-8 bytes. A click message's body is made as bytes (events/eventMessages.ts): off the
 * JavaScript heap while it waits for its request or its publish, stored by SQLite as it is (a
 * BLOB, read back as bytes), and sent without being encoded again. PostgreSQL's column is text: it
 * gets the text (docs/performance.md#what-the-events-allocate-and-what-survives).
 */
import type { Executor } from '../executor';

export type MessageBody = string | Buffer;

/** The body as `db` stores it. */
export function storedBody(db: Pick<Executor, 'engine'>, body: MessageBody): MessageBody {
  return db.engine === 'postgres' && typeof body !== 'string' ? body.toString('utf8') : body;
}
