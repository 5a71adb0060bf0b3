/**
 * Milliseconds on the monotonic clock, with microsecond resolution. It is shared by every thread
 * and process on the machine, so a time taken in a worker (the paced fake) compares directly with
 * one taken on the main thread (the client).
 */
export function nowMs(): number {
  return Number(process.hrtime.bigint() / 1000n) / 1000;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
