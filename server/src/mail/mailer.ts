import nodemailer from 'nodemailer';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../errors';
import type { OutboxRepository } from '../domains/mail/repository';
import type { Clock } from '../shared/clock';

/** One plain-text message. */
export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/**
 * Where the server's mail goes. Domain code depends on this interface only, so the transport is a
 * configuration choice (SMTP, or the embedded outbox) and tests can use a real SMTP receiver.
 */
export interface Mailer {
  /** `outbox` when mail stays in the database for administrators to read. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Sends through an SMTP server named by a URL (`smtp://user:pass@host:port`, `smtps://` for
 * implicit TLS; plain `smtp://` upgrades with STARTTLS when the server offers it).
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (cause) {
        throw new AppError(ErrorCode.EmailProviderError, { cause });
      }
    },
    close: () => transport.close(),
  };
}

/**
 * The embedded default when no SMTP server is configured: mail is kept in the outbox table and
 * shown to administrators in the console (route `mail.outbox`).
 */
export function outboxMailer(outbox: OutboxRepository, clock: Clock): Mailer {
  return {
    kind: 'outbox',
    send: (mail) => outbox.insert({ ...mail, createdAt: clock() }),
    close: () => undefined,
  };
}
