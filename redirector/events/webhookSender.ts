/**
 * One attempt at a webhook message (docs/api.md#webhooks): a signed POST following the Standard
 * Webhooks convention, to the address the outbound rules checked, redirects not followed, 10 s
 * at most, and at most 64 KiB of the answer read. A delivery goes on its webhook's kept connection
 * (webhookConnections.ts passes its agent); anything else on a connection of its own.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, isPrivateAddress, OUTBOUND_PRIVATE_RULE, type OutboundRules } from '../outbound/addressRules';
import type { MessageBody } from '../storage/repositories/messageBody';
import type { MessageRecord, NewDelivery } from '../storage/repositories/webhookOutbox';

export const SEND_TIMEOUT_MS = 10_000;
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface SendRequest {
  url: string;
  secret: string;
  messageId: string;
  /** The JSON text, or its UTF-8 bytes (sent as they are). */
  body: MessageBody;
  /** The attempt's time: `webhook-timestamp`, so that a retry is fresh. */
  now: number;
}

export interface SendOutcome {
  /** The receiver's status; null when none came. */
  status: number | null;
  /** Why the attempt failed; null on a 2xx. */
  error: string | null;
  durationMs: number;
}

export const isDelivered = (outcome: SendOutcome) => outcome.error === null;

/**
 * The error of an attempt written on a kept connection that the receiver had closed (nothing was
 * read): the message is sent again at once on a new connection (webhookConnections.ts).
 */
export const KEPT_CONNECTION_CLOSED = 'The kept connection was closed by the receiver';

/** The connection an attempt goes on: an agent's (a kept connection), told each socket it is given. */
export interface Via {
  agent: http.Agent;
  socket(socket: net.Socket): void;
}

const SECRET_PREFIX = 'whsec_';

/**
 * The three Standard Webhooks headers of one attempt (docs/api.md#webhooks): `v1,` and the base64
 * of the HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed with the secret's decoded bytes, computed
 * by node:crypto (the standardwebhooks library hashes in JavaScript, several times slower on a
 * message of 100 clicks; its Webhook.verify accepts these, tested).
 */
export function signedHeaders(
  secret: string,
  messageId: string,
  body: string | Uint8Array,
  now: number,
): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  // The body as the bytes sent (not joined into a second text of up to 30 KB first).
  const signature = crypto.createHmac('sha256', key).update(`${messageId}.${timestamp}.`).update(body).digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

/** A kept connection the receiver had closed when the message was written on it. */
class KeptConnectionClosed extends Error {}

function post(request: SendRequest, rules: OutboundRules, via: Via | undefined): Promise<number> {
  const url = new URL(request.url);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // An address written as such is connected to without a lookup: check it here.
  if (!rules.allowPrivate && net.isIP(host) && isPrivateAddress(host)) {
    return Promise.reject(new Error(OUTBOUND_PRIVATE_RULE));
  }
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    /** The receiver's status, once its answer began: then that answer is what counts, however slow its body. */
    let answered: number | undefined;
    const giveUp = () => {
      if (answered === undefined) return outgoing.destroy(new Error('no answer within 10 s'));
      resolve(answered);
      outgoing.destroy();
    };
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(rules) as unknown as net.LookupFunction,
        agent: via?.agent ?? false,
        timeout: SEND_TIMEOUT_MS,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': body.length,
          'User-Agent': 'Me-Webhooks',
          ...signedHeaders(request.secret, request.messageId, body, request.now),
        },
      },
      (answer) => {
        answered = answer.statusCode ?? 0;
        let read = 0;
        answer.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // Enough: the status is what counts.
          if (read >= MAX_ANSWER_BYTES) answer.destroy();
        });
        const done = () => resolve(answer.statusCode ?? 0);
        answer.on('end', done);
        answer.on('close', done);
        answer.on('error', done);
      },
    );
    const deadline = setTimeout(giveUp, SEND_TIMEOUT_MS);
    outgoing.on('close', () => clearTimeout(deadline));
    outgoing.on('timeout', giveUp);
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const closed = outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      reject(closed ? new KeptConnectionClosed(KEPT_CONNECTION_CLOSED) : error);
    });
    if (via) outgoing.on('socket', via.socket);
    outgoing.end(body);
  });
}

export async function sendMessage(request: SendRequest, rules: OutboundRules, via?: Via): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const status = await post(request, rules, via);
    const ok = status >= 200 && status < 300;
    return { status, error: ok ? null : `HTTP ${status}`, durationMs: elapsed() };
  } catch (error) {
    const text =
      error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code || error.name : 'failed';
    return { status: null, error: text.slice(0, 200), durationMs: elapsed() };
  }
}

/** One attempt, as the delivery log keeps it. */
export function deliveryOf(
  webhookId: number,
  message: Pick<MessageRecord, 'message_id' | 'type'>,
  attempt: number,
  outcome: SendOutcome,
  at: number,
): NewDelivery {
  return {
    webhook_id: webhookId,
    message_id: message.message_id,
    type: message.type,
    attempt,
    status: outcome.status,
    error: outcome.error,
    duration_ms: outcome.durationMs,
    at,
  };
}
