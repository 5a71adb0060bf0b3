import { lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code is fetched on demand, like `React.lazy`, but rendered at once when
 * `load()` fetched it beforehand. A lazy component suspends on its first render even when its
 * chunk has arrived, and React then holds the content back behind the fallback for up to
 * 300 ms. Each mount keeps the form it started with, so a later load does not remount it.
 */
export function preloadable<P extends object>(fetch: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const load = () =>
    (pending ??= fetch().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (offline) is tried again by the next load.
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await load() }));
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { Component: Preloadable, load };
}
