import { describe, expect, it } from 'vitest';
import { maxShotPixels, messagesThatFit, shotScale } from './shot-size.ts';

describe('shotScale', () => {
  it('draws a short thread at twice its CSS size', () => {
    expect(shotScale(1200)).toBe(2);
  });

  it('lowers the ratio so a long thread stays within the cap', () => {
    expect(shotScale(12_000) * 12_000).toBeCloseTo(maxShotPixels);
  });

  it('never drops below 1× (a thread past the cap is cut instead)', () => {
    expect(shotScale(40_000)).toBe(1);
  });
});

describe('messagesThatFit', () => {
  it('keeps every message that ends within the room', () => {
    expect(messagesThatFit([100, 300, 700], 800)).toBe(3);
    expect(messagesThatFit([100, 300, 700], 500)).toBe(2);
  });

  it('keeps at least the first message', () => {
    expect(messagesThatFit([20_000, 30_000], 16_000)).toBe(1);
  });
});
