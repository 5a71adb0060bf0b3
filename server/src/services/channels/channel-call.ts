import type { ChannelQuery } from './channel-models.ts';
import type { ChannelRouter, ChannelRunOptions, ChannelTarget } from './channel-router.ts';

/**
 * One attempt of a call that hands its output on by itself (a callback per chunk) and resolves
 * when done: it calls `output()` before the first byte it hands on, after which no other channel
 * may be tried.
 */
export type ChannelCallAttempt<T> = (target: ChannelTarget, signal: AbortSignal, output: () => void) => Promise<T>;

type Step<T> = { kind: 'output' } | { kind: 'done'; value: T };

/** The attempt as a stream: a step when output begins, then its result (or its failure). */
async function* steps<T>(attempt: ChannelCallAttempt<T>, target: ChannelTarget, signal: AbortSignal): AsyncGenerator<Step<T>> {
  let began!: () => void;
  const output = new Promise<'output'>((resolve) => (began = () => resolve('output')));
  const done = attempt(target, signal, began);
  // Output may never begin: the call's failure is then the one the race below throws.
  done.catch(() => undefined);
  if ((await Promise.race([output, done.then(() => 'done' as const)])) === 'output') yield { kind: 'output' };
  yield { kind: 'done', value: await done };
}

/** `run` for callback-style calls: fails over before `output()` was called, and answers the call's result. */
export async function callOnChannels<T>(
  run: ChannelRouter['run'],
  query: ChannelQuery,
  attempt: ChannelCallAttempt<T>,
  options: Omit<ChannelRunOptions<Step<T>>, 'isOutput'>,
): Promise<T> {
  const stream = run<Step<T>>(query, (target, signal) => steps(attempt, target, signal), { ...options, isOutput: () => true });
  for await (const step of stream) if (step.kind === 'done') return step.value;
  throw new Error('a channel call ended without its result');
}
