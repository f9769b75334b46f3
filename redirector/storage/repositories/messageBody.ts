/**
 * An outbox message's body (docs/api.md#webhooks): the JSON text signed and sent, as a string or as
 * its UTF-8 bytes. A click message's body is made as bytes (events/eventMessages.ts bodyOf): off
 * the JavaScript heap while it waits for its request or its publish, bound as it is, and sent
 * without being encoded again. SQLite keeps the bytes (a BLOB, read back as bytes); PostgreSQL's
 * text column takes them as its UTF-8 text (node-postgres binds a Buffer in binary form, which
 * text reads as characters), read back as a string (docs/performance.md#what-the-events-allocate-and-what-survives).
 */
export type MessageBody = string | Buffer;
