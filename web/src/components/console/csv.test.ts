import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  const columns = [
    { header: 'name', value: (r: { name: string; n: number | null }) => r.name },
    { header: 'n', value: (r: { name: string; n: number | null }) => r.n },
  ];

  it('quotes commas, quotes and line breaks, and starts with a BOM', () => {
    expect(toCsv([{ name: 'a, "b"\nc', n: 3 }], columns)).toBe('\uFEFFname,n\r\n"a, ""b""\nc",3\r\n');
  });

  it('keeps a spreadsheet from running a cell as a formula, and leaves numbers and empty cells alone', () => {
    const csv = toCsv([{ name: '=HYPERLINK("x")', n: -5 }, { name: '@sum', n: null }, { name: '+1', n: 0 }], columns);
    expect(csv.split('\r\n').slice(1, 4)).toEqual([`"'=HYPERLINK(""x"")",-5`, "'@sum,", "'+1,0"]);
  });
});
