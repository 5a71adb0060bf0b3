/**
 * How every browser run of the project starts Chromium: Debian's build (no browser download),
 * headless, with everything that would reach for the network switched off — this machine has
 * no internet, and Chromium's background fetches would otherwise be refused at every start.
 */
export const chromiumLaunchOptions = {
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
};
