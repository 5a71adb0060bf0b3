/**
 * `tsx testkit/src/stack/cli.ts --port 3190 --control 3191 [--data DIR] [--env KEY=VALUE]… [--demo]`:
 * the stack as a long-running process, e.g. Playwright's `webServer`. Prints `Parley stack ready`
 * once Parley is healthy and stops everything on SIGINT/SIGTERM. `--demo` also seeds the demo
 * account and prints the mails Parley sends.
 */
import { announceDemo } from './demo-account.ts';
import { parseStackArgs, runStack } from './run-stack.ts';

try {
  const { demo, ...options } = parseStackArgs(process.argv.slice(2));
  const stack = await runStack(options);
  console.log(`Parley stack ready: ${stack.url} (control ${stack.controlUrl}, data ${stack.dataDir})`);
  if (demo) await announceDemo(stack);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
