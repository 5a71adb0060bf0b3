import type { OutgoingMail } from './mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reset mail in plain text and simple HTML; both carry the same single-use link. */
export function passwordResetMail(input: { to: string; name: string; appTitle: string; link: string }): OutgoingMail {
  const { to, name, appTitle, link } = input;
  const subject = `${appTitle}: reset your password`;
  const text = [
    `Hi ${name},`,
    '',
    `Someone asked to reset the password of your ${appTitle} account.`,
    'Open this link within one hour to choose a new password:',
    '',
    link,
    '',
    'If it was not you, ignore this mail; your password stays the same.',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; line-height: 1.5">
<p>Hi ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(appTitle)} account.
Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(link)}">Reset my password</a></p>
<p style="color:#666">If it was not you, ignore this mail; your password stays the same.</p>
</body></html>`;
  return { to, subject, text, html };
}
