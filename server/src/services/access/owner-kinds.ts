/**
 * Who owns data (DESIGN "Identity"): an account, an access key or an anonymous visitor. Each key
 * and each visitor gets its own `users` row, marked by `provider`, so every owner-scoped query
 * (conversations, presets, settings, files) works for them unchanged.
 */
export const KEY_OWNER_PROVIDER = 'access-key';
export const VISITOR_PROVIDER = 'visitor';
export const nonAccountProviders = [KEY_OWNER_PROVIDER, VISITOR_PROVIDER] as const;

/** Synthetic addresses in the reserved `.invalid` domain: never mailable, never clashing with a real one. */
export const keyOwnerEmail = (keyId: string) => `key-${keyId}@keys.parley.invalid`;
export const visitorEmail = (visitorId: string) => `visitor-${visitorId}@visitors.parley.invalid`;

/** How a request pays for a call: an account (free, or token credits), a key's quota, or a visitor's free allowance. */
export type Payer =
  | { kind: 'account'; userId: string }
  | { kind: 'key'; userId: string; keyId: string }
  | { kind: 'visitor'; userId: string; ip: string };
