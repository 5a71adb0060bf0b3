import { freePort, startStack, type Stack } from '@parley/testkit';
import { test } from './fixtures.ts';

/**
 * A stack of its own for the journeys of the calling file or describe block, for settings fixed
 * at start (registration, mail). Read `.url` inside a test: the stack exists only from beforeAll.
 */
export function ownStack(env: Record<string, string>): { readonly url: string } {
  let stack: Stack | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startStack({ port: await freePort(), env });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });
  return {
    get url() {
      if (!stack) throw new Error('the stack starts in beforeAll; read its url inside a test');
      return stack.url;
    },
  };
}
