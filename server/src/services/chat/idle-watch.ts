export interface IdleWatchOptions {
  idleMs: number;
  /** Whether anyone is receiving the stream now: a reader keeps it going however slow the upstream is. */
  hasReader(): Promise<boolean>;
  /** Called once, when `idleMs` passed with neither a token nor a reader. */
  onIdle(): void;
  onError(error: unknown): void;
}

/**
 * Watches a running reply for abandonment: an upstream that sends nothing while nobody reads
 * would hold the user's concurrency slot until the upstream's own timeout (5 minutes, or
 * never). Looked at four times per idle period, so it fires between `idleMs` and 1.25 × `idleMs`
 * after the last token or the last time a reader was seen.
 */
export function watchIdle(options: IdleWatchOptions) {
  let lastActive = Date.now();
  let checking = false;
  const timer = setInterval(() => {
    if (checking || Date.now() - lastActive < options.idleMs) return;
    checking = true;
    options
      .hasReader()
      .then((read) => {
        if (read) return void (lastActive = Date.now());
        clearInterval(timer);
        options.onIdle();
      }, options.onError)
      .finally(() => (checking = false));
  }, options.idleMs / 4);
  timer.unref();
  return {
    /** A token arrived. */
    touch() {
      lastActive = Date.now();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
