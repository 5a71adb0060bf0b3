import { beforeAll, describe, expect, it } from 'vitest';
import { countCl100k, loadCl100k, type Cl100k } from './cl100k.ts';
import { scripts, unbrokenRun } from '../../test-support/unbroken-texts.ts';

describe('countCl100k', () => {
  let cl100k: Cl100k;
  beforeAll(async () => {
    cl100k = await loadCl100k();
  });

  it('does work linear in the input: ten times the text costs about ten times the lookups', () => {
    for (const [name, alphabet] of Object.entries(scripts)) {
      const small = { lookups: 0 };
      const large = { lookups: 0 };
      countCl100k(cl100k, unbrokenRun(alphabet, 20_000), small);
      countCl100k(cl100k, unbrokenRun(alphabet, 200_000), large);
      // Rescanning every pair after each merge made this ratio about 100 on one long word.
      expect(large.lookups / small.lookups, name).toBeLessThan(12);
    }
  });
});
