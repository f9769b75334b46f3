/**
 * An export's rows piped into its CSV answer (docs/api.md#answers). A failure of the rows' reads
 * once the answer has begun can only cut it short (Koa is silent then), so it is logged; the answer
 * ending before its rows (a `HEAD`, whose body Koa drops, or a client that went away) is no failure
 * of the service and logs nothing.
 */
import { pipeline, type Readable } from 'node:stream';
import type { Context } from 'koa';
import { logUnexpectedError } from '../observability/errorLog';

export function pipeCsvExport(ctx: Context, rows: Readable, csv: NodeJS.ReadWriteStream): void {
  pipeline(rows, csv, (error) => {
    if (!error) return;
    const answerEnded = ctx.res.writableFinished || ctx.res.destroyed;
    if (answerEnded && (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    logUnexpectedError(ctx.method, ctx.path, error);
  });
}
