import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.ts';

describe('SMTP catcher', () => {
  let catcher: SmtpCatcher;
  beforeAll(async () => {
    catcher = await startSmtpCatcher();
  });
  afterAll(() => catcher.close());

  const send = (to: string, subject: string) =>
    nodemailer.createTransport(catcher.url).sendMail({
      from: 'Parley <no-reply@parley.local>',
      to,
      subject,
      text: `plain ${subject}`,
      html: `<p>html ${subject}</p>`,
    });

  it('hands a mail sent later to a waiting test, parsed into text and html', async () => {
    const waiting = catcher.waitForMail('Alice@Example.com');
    await send('alice@example.com', 'hello');
    const mail = await waiting;
    expect(mail).toEqual({ to: 'alice@example.com', subject: 'hello', text: 'plain hello', html: '<p>html hello</p>' });
  });

  it('hands out already received mails once each, oldest first', async () => {
    await send('bob@example.com', 'first');
    await send('bob@example.com', 'second');
    expect((await catcher.waitForMail('bob@example.com')).subject).toBe('first');
    expect((await catcher.waitForMail('bob@example.com')).subject).toBe('second');
    expect(catcher.messages.filter((m) => m.to === 'bob@example.com')).toHaveLength(2);
  });

  it('gives up after the timeout when no mail comes', async () => {
    await expect(catcher.waitForMail('nobody@example.com', 100)).rejects.toThrow('No mail to nobody@example.com');
  });
});
