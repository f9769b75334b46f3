/**
 * The body of `POST /<shortCode>` (docs/api.md#the-password-form): the field `password`, and the
 * hidden field of a hub click's token when the form has one, `application/x-www-form-urlencoded`,
 * read with a small limit on node:http directly (the redirect path does not go through Koa).
 */
import type { IncomingMessage } from 'node:http';
import { HUB_TOKEN_PARAMETER, isHubTokenShaped } from '../../hubs/hubClickToken';

/** A password is at most 128 code points; percent-encoded, each may take up to 12 bytes. */
export const MAX_PASSWORD_FORM_BYTES = 2048;

/** `hubToken`: the hidden field's, '' when the form has none (or not shaped like a token). */
export type PasswordForm =
  | { ok: true; password: string; hubToken: string }
  | { ok: false; status: 400 | 413 | 415; message: string };

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/** The posted password ('' when the field is missing); never rejects. */
export function readPasswordForm(req: IncomingMessage): Promise<PasswordForm> {
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') return refuse(req, 415, 'Compressed bodies are not accepted');
  if (!FORM_TYPE.test(req.headers['content-type'] ?? '')) {
    return refuse(req, 415, 'Send the password as application/x-www-form-urlencoded');
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_PASSWORD_FORM_BYTES) return refuse(req, 413, 'The form is too large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (form: PasswordForm) => {
      if (settled) return;
      settled = true;
      resolve(form);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_PASSWORD_FORM_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        finish({ ok: false, status: 413, message: 'The form is too large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.includes('\0') || /%00/i.test(text)) {
        finish({ ok: false, status: 400, message: 'The form holds a NUL character' });
        return;
      }
      const fields = new URLSearchParams(text);
      const hubToken = fields.get(HUB_TOKEN_PARAMETER) ?? '';
      finish({
        ok: true,
        password: fields.get('password') ?? '',
        hubToken: isHubTokenShaped(hubToken) ? hubToken : '',
      });
    });
    req.on('error', () => finish({ ok: false, status: 400, message: 'The form could not be read' }));
  });
}

/** Drains what the client still sends, so the answer reaches it. */
function refuse(req: IncomingMessage, status: 413 | 415, message: string): Promise<PasswordForm> {
  req.resume();
  return Promise.resolve({ ok: false, status, message });
}
