import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../../config.js';

export interface OutgoingEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** A stable Message-ID (`<…@…>`): a message sent again after a crash is recognisably the same one. */
  messageId: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * Sends mail through the SMTP server of SMTP_URL with nodemailer: `smtps://` speaks TLS from the
 * start, `smtp://` upgrades with STARTTLS when the server offers it. Short timeouts, so a dead
 * server fails the attempt (retried later) instead of holding the worker. The URL holds the
 * password: errors are reported by their code, never with the URL.
 */
export function createMailer(smtp: SmtpConfig): Mailer {
  const transport = nodemailer.createTransport(smtp.url, {
    from: smtp.from,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as nodemailer.TransportOptions);
  return {
    async send(email) {
      await transport.sendMail({
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: email.messageId,
      });
    },
    close: () => transport.close(),
  };
}
