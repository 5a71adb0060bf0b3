import { nowMs, sleep } from './clock.ts';

/** Asks `/api/health` back to back (5 ms apart) until `until` settles, answering each request's latency. */
export async function healthLatencies(url: string, until: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const sentAt = nowMs();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    latencies.push(nowMs() - sentAt);
    await sleep(5);
  }
  return latencies;
}
