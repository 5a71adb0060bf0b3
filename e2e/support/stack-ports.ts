/**
 * Where Playwright's stack listens. Fixed so the config, the specs and a developer's already
 * running stack (`reuseExistingServer` outside CI) agree; chosen away from 3080 (`npm start`,
 * `npm run demo`). `PARLEY_E2E_PORT` moves it (and the control port just above) when those are taken.
 */
export const appPort = Number(process.env.PARLEY_E2E_PORT ?? 3190);
export const controlPort = appPort + 1;
export const appUrl = `http://127.0.0.1:${appPort}`;
export const controlUrl = `http://127.0.0.1:${controlPort}`;
