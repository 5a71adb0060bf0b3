import nodemailer from 'nodemailer';
import type { Env } from '../../config/env.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer; undefined when `SMTP_URL` is unset, which is what "email disabled" means. */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'EMAIL_FROM'>): Mailer | undefined {
  if (!env.SMTP_URL) return undefined;
  const transport = nodemailer.createTransport(env.SMTP_URL);
  return {
    async send(mail) {
      await transport.sendMail({ from: env.EMAIL_FROM, ...mail });
    },
    close() {
      transport.close();
    },
  };
}

// This module's part of the AppContext (app/ names nothing above it; root/create-context.ts builds it).
declare module '../../app/context.ts' {
  interface AppContext {
    /** Outgoing mail; undefined when SMTP_URL is unset (email disabled). */
    mailer?: Mailer;
  }
}
