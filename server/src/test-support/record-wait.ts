/**
 * How long a test waits for a call's usage record: it is queued once the call's charge has settled,
 * a moment after the answer ends, and a loaded runner can stretch that moment past expect.poll's one second.
 */
export const recordWait = { timeout: 10_000 };
