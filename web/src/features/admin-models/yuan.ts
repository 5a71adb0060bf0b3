/** Typed yuan (`9.9`, `20`, `0.05`) as integer fen, without floating point; undefined when it is not an amount. */
export function yuanToFen(text: string): number | undefined {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Integer fen as the yuan an operator types: 990 → `9.90`. */
export const fenToYuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
