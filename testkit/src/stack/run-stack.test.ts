import { describe, expect, it } from 'vitest';
import { parseStackArgs } from './run-stack.ts';

describe('parseStackArgs', () => {
  it('reads ports, data directory, repeated env overrides and the demo flag', () => {
    const options = parseStackArgs([
      '--port', '3190', '--control', '3191', '--data', 'data-x',
      '--env', 'ALLOW_REGISTRATION=false', '--env', 'APP_TITLE=A=B', '--demo',
    ]);
    expect(options).toEqual({
      port: 3190,
      controlPort: 3191,
      dataDir: 'data-x',
      env: { ALLOW_REGISTRATION: 'false', APP_TITLE: 'A=B' },
      demo: true,
    });
  });

  it('picks a free control port and a temporary data directory by default', () => {
    expect(parseStackArgs(['--port', '4000'])).toEqual({ port: 4000, controlPort: 0, dataDir: undefined, env: {}, demo: false });
  });

  it('refuses a missing port and a malformed env pair', () => {
    expect(() => parseStackArgs([])).toThrow('--port');
    expect(() => parseStackArgs(['--port', '4000', '--env', 'NOVALUE'])).toThrow('KEY=VALUE');
  });
});
