/** A real SMTP server on loopback (smtp-server) that keeps every mail it receives, with its login. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message: headers and body. */
  raw: string;
  user: string | undefined;
}

export interface SmtpReceiver {
  port: number;
  mails: ReceivedMail[];
  /** SMTP_URL for this receiver with this login. */
  url(user: string, password: string): string;
  close(): Promise<void>;
}

/** The public address of the mailing tests' servers, and the password of the receiver's default login. */
export const MAIL_PUBLIC_URL = 'https://go.example.test';
export const SMTP_PASSWORD = 'smtp-secret-pw';

/** A server's settings at MAIL_PUBLIC_URL behind a proxy, mailing through `smtp` with its default login. */
export function mailingEnv(smtp: SmtpReceiver): Record<string, string> {
  return {
    PUBLIC_URL: MAIL_PUBLIC_URL,
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url('mailer', SMTP_PASSWORD),
    MAIL_FROM: 'me@go.example.test',
  };
}

export async function startSmtpReceiver(login = { user: 'mailer', password: SMTP_PASSWORD }): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to make, login over the bare connection.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === login.user && auth.password === login.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    url: (user, password) => `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The /reset/<token> link in a mail (quoted-printable soft breaks undone). */
export function resetLinkIn(mail: ReceivedMail): string | undefined {
  const body = mail.raw.replace(/=\r?\n/g, '');
  return /https?:\/\/[^\s]+\/reset\/[A-Za-z0-9_-]+/.exec(body)?.[0];
}

/** Quoted-printable or base64 text as UTF-8 (the body of a mail, an encoded word of a header). */
function decodeText(text: string, encoding: string): string {
  if (/^b(ase64)?$/i.test(encoding)) return Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (!/^(q|quoted-printable)$/i.test(encoding)) return text;
  const unwrapped = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i += 1) {
    const hex = /^=([0-9A-F]{2})/i.exec(unwrapped.slice(i, i + 3));
    if (hex) {
      bytes.push(Number.parseInt(hex[1]!, 16));
      i += 2;
    } else bytes.push(...Buffer.from(encoding.toLowerCase() === 'q' && unwrapped[i] === '_' ? ' ' : unwrapped[i]!));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A mail's subject and text as its reader sees them: encoded words and the body's encoding undone. */
export function mailContent(mail: ReceivedMail): { subject: string; text: string } {
  const split = mail.raw.indexOf('\r\n\r\n');
  const head = mail.raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = mail.raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const subject = header('Subject')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) => decodeText(text, encoding));
  const text = decodeText(body, header('Content-Transfer-Encoding').trim() || '7bit').replace(/\r\n/g, '\n');
  return { subject, text: text.trim() };
}
