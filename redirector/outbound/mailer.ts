/**
 * Mail out (docs/api.md#accounts): SMTP_URL (`smtp://` or `smtps://user:pass@host:port`) and
 * MAIL_FROM, through nodemailer. Without SMTP_URL there is no mailer, and resets are left to the
 * administrator. The URL holds a password: it never reaches a log line (logger.ts masks URLs).
 */
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}
