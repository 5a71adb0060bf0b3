import type { Stack } from './start-stack.ts';
import { stackOidcAccount } from './peers.ts';

const demoAccount = { name: 'Demo User', email: 'demo@parley.local', password: 'parley-demo' };

/**
 * Makes the stack ready for clicking around: the demo account exists (registered once, kept in
 * the data directory), the sign-in hints are printed, and every mail Parley sends is echoed here
 * because it never leaves this machine.
 */
export async function announceDemo(stack: Stack, publicUrl = stack.url): Promise<void> {
  const seeded = await seedDemoAccount(stack.url);
  const lines = [
    '',
    `Parley demo: open ${publicUrl}`,
    seeded
      ? `  Sign in as ${demoAccount.email} / ${demoAccount.password}, or register any address.`
      : '  The demo account could not be created; register any address on the sign-up page.',
    `  "Test issuer" signs in with OpenID: type ${stackOidcAccount.email} on its page.`,
    `  Model replies come from local fakes (${[...stack.peers.fakes.keys()].join(', ') || 'none running'}); no keys needed.`,
    `  Top-ups are paid on the fake epay gateway (${stack.peers.epay.url}); with ACCESS_MODE=keys or both, mint a key with`,
    `  DATA_DIR=${stack.dataDir} npm run admin -- key:create --quota 100`,
    '  Mails (password resets) are printed below. Ctrl-C stops everything.',
    '',
  ];
  console.log(lines.join('\n'));
  echoMails(stack);
}

async function seedDemoAccount(url: string): Promise<boolean> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...demoAccount, confirm_password: demoAccount.password }),
  }).catch(() => undefined);
  // 409 email_taken: a previous demo run in the same data directory already created it.
  return response?.status === 200 || response?.status === 409;
}

function echoMails(stack: Stack) {
  const { messages } = stack.peers.smtp;
  let printed = messages.length;
  setInterval(() => {
    for (const mail of messages.slice(printed)) {
      console.log(`\n✉ To ${mail.to}: ${mail.subject}\n${mail.text.trim()}\n`);
    }
    printed = messages.length;
  }, 500).unref();
}
