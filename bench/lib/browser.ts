import { chromium, type Browser, type BrowserContext } from '@playwright/test';

/** Debian's Chromium, headless, with everything that would talk to the network off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh browser context (empty cache) signed in to Parley: registering through the context's
 * own request client leaves the refresh cookie in its jar, so the app starts signed in.
 */
export async function signedInContext(browser: Browser, parleyUrl: string, label: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: parleyUrl, locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 800 } });
  const password = 'bench-password-1';
  const response = await context.request.post('/api/auth/register', {
    data: { name: `Bench ${label}`, username: `bench-${label}`, email: `bench-${label}@parley.local`, password, confirm_password: password },
  });
  if (!response.ok()) throw new Error(`register ${label} in the browser: ${response.status()} ${await response.text()}`);
  return context;
}
