/**
 * Where Playwright's stack listens. Fixed so the config, the specs and a developer's already
 * running stack (`reuseExistingServer` outside CI) agree; chosen away from 3080 (`npm start`,
 * `npm run demo`).
 */
export const appPort = 3190;
export const controlPort = 3191;
export const appUrl = `http://127.0.0.1:${appPort}`;
export const controlUrl = `http://127.0.0.1:${controlPort}`;
