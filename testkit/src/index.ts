export * from './oidc/oidc-issuer.ts';
export * from './oauth/headless-browser.ts';
