import { describe, expect, it } from 'vitest';
import { FILENAME_MAX_LENGTH, sanitizeFilename } from './filename.ts';

describe('sanitizeFilename', () => {
  it('keeps an ordinary title, spaces and non-Latin letters included', () => {
    expect(sanitizeFilename('Quantum computing basics')).toBe('Quantum computing basics');
    expect(sanitizeFilename('量子计算 入门')).toBe('量子计算 入门');
  });

  it('removes path separators so a title cannot point outside the download folder', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('etcpasswd');
    expect(sanitizeFilename('a\\b/c')).toBe('abc');
  });

  it('removes the reserved characters <>:"/\\|?* and control characters', () => {
    expect(sanitizeFilename('what? <now> "really": a|b*c')).toBe('what now really abc');
    expect(sanitizeFilename('tab\there\nnew\u0000line\u007f')).toBe('tabherenewline');
  });

  it('drops the “…” of a shortened title', () => {
    expect(sanitizeFilename('Echo: Here is the flow: mermaid graph…')).toBe('Echo Here is the flow mermaid graph');
    expect(sanitizeFilename('a … b')).toBe('a b');
  });

  it('trims leading and trailing dots and spaces', () => {
    expect(sanitizeFilename('  ..hidden name..  ')).toBe('hidden name');
  });

  it('cuts to 200 characters without splitting an emoji, then trims again', () => {
    expect(sanitizeFilename('x'.repeat(300))).toHaveLength(FILENAME_MAX_LENGTH);
    const emoji = sanitizeFilename('😀'.repeat(250));
    expect(Array.from(emoji)).toHaveLength(FILENAME_MAX_LENGTH);
    expect(emoji.endsWith('😀')).toBe(true);
    expect(sanitizeFilename(`${'a'.repeat(199)} b`)).toBe('a'.repeat(199));
  });

  it('falls back to "file" when nothing usable is left', () => {
    expect(sanitizeFilename('')).toBe('file');
    expect(sanitizeFilename(' ... ')).toBe('file');
    expect(sanitizeFilename('///???')).toBe('file');
  });
});
