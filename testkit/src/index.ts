export * from './oidc/oidc-issuer.ts';
export * from './oauth/headless-browser.ts';
export * from './smtp/smtp-catcher.ts';
