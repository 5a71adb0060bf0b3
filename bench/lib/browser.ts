import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from '@parley/testkit/browser';
import { benchEmail, benchPassword } from './account.ts';

/** Debian's Chromium, headless, with everything that would talk to the network off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}

/**
 * A fresh browser context (empty cache) signed in to Parley as the bench account `label`,
 * registered first unless it exists. Signing in through the context's own request client
 * leaves the refresh cookie in its jar, so the app starts signed in.
 */
export async function signedInContext(
  browser: Browser,
  parleyUrl: string,
  label: string,
  account: 'register' | 'existing' = 'register',
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: parleyUrl, locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 800 } });
  const credentials = { email: benchEmail(label), password: benchPassword };
  const response =
    account === 'register'
      ? await context.request.post('/api/auth/register', {
          data: { ...credentials, name: `Bench ${label}`, username: `bench-${label}`, confirm_password: benchPassword },
        })
      : await context.request.post('/api/auth/login', { data: credentials });
  if (!response.ok()) throw new Error(`sign-in of ${label} in the browser: ${response.status()} ${await response.text()}`);
  return context;
}
