/**
 * The provider fakes a stack runs, by the name the control API uses (`/fakes/<name>/…`), each with
 * the variables that enable its endpoint in Parley. Adding an endpoint to the stack is one entry.
 */
export interface StackFake {
  name: string;
  url: string;
  env: Record<string, string>;
  /** Scripts the next reply; the body is whatever the fake's own `enqueue` accepts. */
  enqueue(reply: unknown): void;
  /** What the fake has received so far, oldest first. */
  requests(): unknown[];
  close(): Promise<void>;
}

interface FakeEntry {
  name: string;
  start(): Promise<{ url: string; enqueue(reply: never): void; requests: unknown[]; close(): Promise<void> }>;
  env(url: string): Record<string, string>;
}

const entries: FakeEntry[] = [];

export async function startProviderFakes(): Promise<Map<string, StackFake>> {
  const fakes = new Map<string, StackFake>();
  try {
    for (const entry of entries) {
      const fake = await entry.start();
      fakes.set(entry.name, {
        name: entry.name,
        url: fake.url,
        env: entry.env(fake.url),
        enqueue: (reply) => fake.enqueue(reply as never),
        requests: () => fake.requests,
        close: () => fake.close(),
      });
    }
  } catch (error) {
    await Promise.allSettled([...fakes.values()].map((f) => f.close()));
    throw error;
  }
  return fakes;
}
