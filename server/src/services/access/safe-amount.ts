/** The most quota or credits a key or account may hold: past it, a JavaScript number loses whole units. */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

/** An addition refused because the sum would pass MAX_AMOUNT: refused whole, never wrapped or rounded. */
export class AmountOverflow extends Error {
  constructor(what: string, current: number, adding: number) {
    super(`Adding ${adding} to ${what} of ${current} would pass the largest amount kept exactly (${MAX_AMOUNT}); nothing was added`);
  }
}
