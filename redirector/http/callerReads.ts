/**
 * Read-your-own-writes across replicas (docs/api.md#read-replicas): an API call runs as its caller
 * (a digest of the credential it presents), and a call that may have written (any method but GET,
 * HEAD and OPTIONS, and the spec's `GET /api/init`, which makes a test link; answered below 400)
 * notes that caller's write before its answer leaves, so that the caller's reads of the next 5 s go
 * to the primary, on every instance.
 */
import type { Context } from 'koa';
import { asCaller, callerOf, noteWrite } from '../observability/callerWrites';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Calls that write though their method reads (the spec's). */
const WRITING_GETS = new Set(['/api/init']);

const mayHaveWritten = (ctx: Context) => !READS.has(ctx.method) || WRITING_GETS.has(ctx.path);

/** Runs the API call as its caller while replicas are read (asCaller decides), noting its write. */
export function asCallerOf(ctx: Context, next: () => Promise<unknown>): Promise<void> {
  const readCaller = () =>
    callerOf({ authorization: ctx.get('Authorization'), apiKey: ctx.get('X-API-Key'), cookie: ctx.get('Cookie') });
  return asCaller(readCaller, async (caller) => {
    try {
      await next();
    } finally {
      if (caller !== undefined && mayHaveWritten(ctx) && ctx.status < 400) await noteWrite(caller);
    }
  });
}
