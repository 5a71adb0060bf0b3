import { describe, expect, it } from 'vitest';
import { passwordResetMail } from './password-reset-mail.ts';

describe('password reset mail', () => {
  const link = 'https://chat.example.com/reset-password?token=abc&userId=u1';

  it('carries the same link in the text and the HTML part', () => {
    const mail = passwordResetMail({ to: 'a@example.com', name: 'Ada', appTitle: 'Team Chat', link });
    expect(mail.subject).toBe('Team Chat: reset your password');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('href="https://chat.example.com/reset-password?token=abc&amp;userId=u1"');
  });

  it('escapes the user-chosen name so it cannot inject markup into the HTML part', () => {
    const mail = passwordResetMail({ to: 'a@example.com', name: '<img src=x onerror=alert(1)>', appTitle: 'Parley', link });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
