/**
 * Waits until `check` holds, asking every `interval` ms and failing after `timeout` ms: how tests
 * and their helpers wait for what another process, timer or connection does, instead of sleeping
 * (the lint rule against sleeps in tests exempts this file alone). `what` names the condition in
 * the failure.
 */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  { timeout = 5000, interval = 20, what = 'the condition waited for' }: { timeout?: number; interval?: number; what?: string } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() >= deadline) throw new Error(`${what}: not met within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(interval, Math.max(0, deadline - Date.now()))));
  }
}
