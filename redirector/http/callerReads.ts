/**
 * Read-your-own-writes across replicas (docs/api.md#read-replicas): an API call runs as its caller
 * (a digest of the credential it presents), and a call that may have written (any method but GET,
 * HEAD and OPTIONS, answered below 400) notes that caller's write before its answer leaves, so
 * that the caller's reads of the next 5 s go to the primary, on every instance.
 */
import type { Context } from 'koa';
import { asCaller, callerOf, callersTracked, noteWrite } from '../observability/callerWrites';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function asCallerOf(ctx: Context, next: () => Promise<unknown>): Promise<void> {
  // Without replicas nothing reads by caller: no digest, and no AsyncLocalStorage (callerWrites.ts).
  if (!callersTracked()) {
    await next();
    return;
  }
  const caller = callerOf({
    authorization: ctx.get('Authorization'),
    apiKey: ctx.get('X-API-Key'),
    cookie: ctx.get('Cookie'),
  });
  await asCaller(caller, async () => {
    try {
      await next();
    } finally {
      if (!READS.has(ctx.method) && ctx.status < 400) await noteWrite(caller);
    }
  });
}
