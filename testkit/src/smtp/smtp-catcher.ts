import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:PORT`, ready for `SMTP_URL`. */
  url: string;
  /** Every mail received so far, in arrival order. */
  messages: CaughtMail[];
  /**
   * Resolves with the oldest mail to `to` not yet handed out by an earlier call, waiting for
   * it when none has arrived; rejects after `timeoutMs`.
   */
  waitForMail(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

interface Waiter {
  to: string;
  resolve(mail: CaughtMail): void;
}

/** A local SMTP server that accepts everything (no TLS, no auth) and keeps the parsed mails. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const handedOut = new Set<CaughtMail>();
  let waiters: Waiter[] = [];

  const deliver = (mail: CaughtMail) => {
    messages.push(mail);
    const waiter = waiters.find((w) => w.to === mail.to);
    if (!waiter) return;
    waiters = waiters.filter((w) => w !== waiter);
    handedOut.add(mail);
    waiter.resolve(mail);
  };

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const recipient of session.envelope.rcptTo) {
            deliver({
              to: recipient.address.toLowerCase(),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html || '',
            });
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, timeoutMs = 5000) {
      const address = to.toLowerCase();
      const ready = messages.find((m) => m.to === address && !handedOut.has(m));
      if (ready) {
        handedOut.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise<CaughtMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== waiter);
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter: Waiter = {
          to: address,
          resolve(mail) {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
