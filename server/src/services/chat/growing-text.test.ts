import { describe, expect, it } from 'vitest';
import { GrowingText } from './growing-text.ts';

describe('GrowingText', () => {
  it('answers the whole text and the part from any offset, across its pieces', () => {
    const growing = new GrowingText('Start. ');
    let whole = 'Start. ';
    for (let n = 0; n < 5000; n++) {
      const piece = `word ${n} 🎉 `;
      growing.append(piece);
      whole += piece;
    }
    expect(growing.length).toBe(whole.length);
    expect(growing.toString()).toBe(whole);
    for (const offset of [0, 7, 16_383, 16_384, 16_385, 40_000, whole.length - 3, whole.length]) expect(growing.from(offset)).toBe(whole.slice(offset));
  });
});
