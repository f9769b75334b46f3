// STUB: replaced by the short-link path work.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../services';

/** Answers GET/HEAD /<shortCode>; returns false for every other request (Koa takes it). */
export type RedirectHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createRedirectHandler(_services: Services): RedirectHandler {
  return () => false;
}
