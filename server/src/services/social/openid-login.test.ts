import { describe, expect, it } from 'vitest';
import { isLoopbackIssuer } from './openid-login.ts';

describe('isLoopbackIssuer', () => {
  it('allows plain http only for an issuer on this machine', () => {
    expect(isLoopbackIssuer('http://127.0.0.1:4000')).toBe(true);
    expect(isLoopbackIssuer('http://localhost:4000/realms/parley')).toBe(true);
    expect(isLoopbackIssuer('http://[::1]:4000')).toBe(true);
    expect(isLoopbackIssuer('http://issuer.example.com')).toBe(false);
    expect(isLoopbackIssuer('http://127.0.0.1.nip.io')).toBe(false);
    expect(isLoopbackIssuer('https://127.0.0.1')).toBe(false);
  });
});
