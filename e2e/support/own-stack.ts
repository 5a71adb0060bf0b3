import { freePort, startStack, type Stack } from '@parley/testkit';
import { test } from './fixtures.ts';

export interface OwnStack {
  readonly url: string;
  /** Its control API (testkit/src/stack/control-server.ts). */
  readonly controlUrl: string;
  /** Where its Parley keeps data (PGlite, secrets): the admin commands run against it. */
  readonly dataDir: string;
}

/**
 * A stack of its own for the journeys of the calling file or describe block, for settings fixed
 * at start (registration, mail, access mode). Read its fields inside a test: the stack exists only
 * from beforeAll.
 */
export function ownStack(env: Record<string, string>): OwnStack {
  let stack: Stack | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // A loaded machine can take past the stack's usual minute to be ready; the hook allows two.
    stack = await startStack({ port: await freePort(), env, startTimeoutMs: 100_000 });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });
  const started = () => {
    if (!stack) throw new Error('the stack starts in beforeAll; read it inside a test');
    return stack;
  };
  return {
    get url() {
      return started().url;
    },
    get controlUrl() {
      return started().controlUrl;
    },
    get dataDir() {
      return started().dataDir;
    },
  };
}
