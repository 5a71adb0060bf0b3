import { describe, expect, it } from 'vitest';
import { foreignImageHost } from './foreign-image-host.ts';

describe('foreignImageHost', () => {
  const origin = 'https://chat.example.com';

  it('names the host of an image on another origin', () => {
    expect(foreignImageHost('https://evil.example/p.png?q=secret', origin)).toBe('evil.example');
    expect(foreignImageHost('//evil.example/p.png', origin)).toBe('evil.example');
    expect(foreignImageHost('http://chat.example.com/p.png', origin)).toBe('chat.example.com');
    expect(foreignImageHost('https://chat.example.com:8443/p.png', origin)).toBe('chat.example.com:8443');
  });

  it('lets our own images load: relative paths and same-origin URLs', () => {
    expect(foreignImageHost('/api/files/abc', origin)).toBeUndefined();
    expect(foreignImageHost('https://chat.example.com/api/files/abc', origin)).toBeUndefined();
    expect(foreignImageHost('images/a.png', origin)).toBeUndefined();
  });
});
