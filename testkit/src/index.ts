export * from './oidc/oidc-issuer.ts';
export * from './oauth/headless-browser.ts';
export * from './oauth/fake-oauth-server.ts';
export * from './smtp/smtp-catcher.ts';
export * from './fakes/index.ts';
export * from './stack/start-stack.ts';
export * from './stack/free-port.ts';
export { stackOidcAccount, stackOAuthUser } from './stack/peers.ts';
export * from './browser/chromium-launch.ts';
