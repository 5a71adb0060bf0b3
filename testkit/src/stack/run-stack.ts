import { parseArgs } from 'node:util';
import { settleWithin } from './bounded.ts';
import { startStack, type Stack, type StackOptions } from './start-stack.ts';

export interface StackCliOptions extends StackOptions {
  demo: boolean;
}

/** Reads `--port N [--control M] [--data DIR] [--env KEY=VALUE]… [--demo]`. */
export function parseStackArgs(argv: string[]): StackCliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      control: { type: 'string', default: '0' },
      data: { type: 'string' },
      env: { type: 'string', multiple: true, default: [] },
      demo: { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  const controlPort = Number(values.control);
  if (!Number.isInteger(port) || port <= 0) throw new Error('--port <number> is required');
  if (!Number.isInteger(controlPort) || controlPort < 0) throw new Error('--control must be a port number');
  const env = Object.fromEntries(
    values.env.map((pair) => {
      const separator = pair.indexOf('=');
      if (separator <= 0) throw new Error(`--env expects KEY=VALUE, got "${pair}"`);
      return [pair.slice(0, separator), pair.slice(separator + 1)];
    }),
  );
  return { port, controlPort, dataDir: values.data, env, demo: values.demo };
}

/** Starts a stack that lives until SIGINT/SIGTERM, then stops it within a bounded time and exits. */
export async function runStack(options: StackOptions): Promise<Stack> {
  const stack = await startStack(options);
  let exiting = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (exiting) return;
    exiting = true;
    console.error(`\n${signal}: stopping the Parley stack…`);
    void settleWithin(stack.stop(), 12_000).then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  return stack;
}

