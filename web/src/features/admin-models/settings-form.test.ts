import { describe, expect, it } from 'vitest';
import { formOf, formProblems, patchOf } from './settings-form.ts';

describe('the Models and prices form', () => {
  it('keeps how many days a pack lasts, and none when the cell is empty', () => {
    const form = formOf({ topUpPacks: [{ quota: 500, priceFen: 990, days: 30 }, { quota: 100, priceFen: 100 }] });
    expect(form.packs).toEqual([['500', '9.90', '30'], ['100', '1.00', '']]);
    expect(formProblems(form)).toEqual([]);
    expect(patchOf(form).topUpPacks).toEqual([{ quota: 500, priceFen: 990, days: 30 }, { quota: 100, priceFen: 100 }]);
  });

  it('names the packs when a day count is not a whole number from 1 to 36,500', () => {
    for (const days of ['0', '1.5', 'x', '36501']) {
      const form = formOf({ topUpPacks: [{ quota: 500, priceFen: 990 }] });
      form.packs[0]![2] = days;
      expect(formProblems(form)).toEqual(['packs']);
    }
  });
});
