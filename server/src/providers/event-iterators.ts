const done: IteratorResult<never> = { done: true, value: undefined };

/**
 * An iterable whose items come from what `open` answers, called at the first read (as an async
 * generator's body runs at its first `next`): the work of opening, an upstream call, starts only
 * when read, a failure to open fails that read, and the items are then handed on as they come,
 * with no promise of this layer's own (a `yield*` costs a few promise turns per item).
 */
export function lazyEvents<T>(open: () => AsyncIterable<T> | Promise<AsyncIterable<T>>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      let inner: AsyncIterator<T> | undefined;
      let opening: Promise<AsyncIterator<T>> | undefined;
      let closed = false;
      return {
        next() {
          if (inner) return inner.next();
          if (closed) return Promise.resolve(done);
          opening ??= Promise.resolve()
            .then(open)
            .then((iterable) => (inner = iterable[Symbol.asyncIterator]()));
          return opening.then(
            (iterator) => (closed ? done : iterator.next()),
            (error: unknown) => {
              // Failed once, then over, as a generator that threw.
              if (closed) return done;
              closed = true;
              throw error;
            },
          );
        },
        async return(value?: unknown) {
          closed = true;
          const iterator = inner ?? (await opening?.catch(() => undefined));
          return iterator?.return ? iterator.return(value) : done;
        },
      };
    },
  };
}

/**
 * `source`'s items, handed on with one promise turn each; when `source` fails, `recover`
 * decides: it throws (the failure, or another) or answers the iterable to go on reading from.
 * Once `settled` answers true, `recover` would only throw the failure again: the items then pass
 * with no turn of this layer.
 */
export function recovering<T>(source: AsyncIterable<T>, recover: (error: unknown) => AsyncIterable<T> | Promise<AsyncIterable<T>>, settled?: () => boolean): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<T> {
      let current = source[Symbol.asyncIterator]();
      const recovered = async (error: unknown): Promise<IteratorResult<T>> => {
        current = (await recover(error))[Symbol.asyncIterator]();
        return next();
      };
      const next = (): Promise<IteratorResult<T>> => (settled?.() ? current.next() : current.next().then(undefined, recovered));
      return {
        next,
        return: (value?: unknown) => (current.return ? current.return(value) : Promise.resolve(done)),
      };
    },
  };
}

/** An iterable that ends at once. */
export const noEvents: AsyncIterable<never> = { [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve(done) }) };
