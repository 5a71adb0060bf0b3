/** An async iterable whose first step is already under way, and a way to drop it unread. */
export interface EarlyStart<T> {
  events: AsyncIterable<T>;
  /** Waits for the first step to settle (abort its work first), then closes the iterator; never throws. */
  drop(): Promise<void>;
}

const ignore = () => undefined;

/**
 * Opens `source` and asks it for its first item now, so the work behind it (an upstream call
 * going out) runs while the caller still waits on something else; reading `events` later takes
 * that item first and then goes on. Only one reader may read `events`. A source that fails to
 * open fails the first read.
 */
export function startEarly<T>(source: Promise<AsyncIterator<T>>): EarlyStart<T> {
  let opened: AsyncIterator<T> | undefined;
  const first = source.then((iterator) => (opened = iterator).next());
  // Read (or dropped) later: a failure of the first step is not unhandled meanwhile.
  first.catch(ignore);
  let firstTaken = false;
  const close = async (value?: unknown): Promise<IteratorResult<T>> => (opened?.return ? opened.return(value) : { done: true, value: undefined });
  const iterator: AsyncIterator<T> = {
    next: () => {
      if (firstTaken) return opened!.next();
      firstTaken = true;
      return first;
    },
    return: close,
  };
  return {
    events: { [Symbol.asyncIterator]: () => iterator },
    async drop() {
      await first.catch(ignore);
      await close().catch(ignore);
    },
  };
}
