import { describe, expect, it } from 'vitest';
import { createGatewayCallers } from './caller-cache.ts';
import type { GatewayCaller } from './gateway-caller.ts';

const tokenCaller: GatewayCaller = { userId: 'u1', tokenId: 't1', models: null, rpm: null, payer: { kind: 'account', userId: 'u1' } };
const keyCaller: GatewayCaller = { userId: 'u2', keyId: 'k1', models: null, rpm: null, payer: { kind: 'key', userId: 'u2', keyId: 'k1' } };

describe('the gateway caller cache', () => {
  it('looks a secret up once within 2 s, and again after', async () => {
    let clock = 0;
    const callers = createGatewayCallers(() => clock);
    let lookups = 0;
    const load = async () => (lookups++, tokenCaller);
    await callers.find('sk-at-a', load);
    clock = 1_999;
    expect(await callers.find('sk-at-a', load)).toBe(tokenCaller);
    expect(lookups).toBe(1);
    clock = 2_001;
    await callers.find('sk-at-a', load);
    expect(lookups).toBe(2);
  });

  it('never remembers a refusal', async () => {
    const callers = createGatewayCallers(() => 0);
    let lookups = 0;
    const refuse = async (): Promise<GatewayCaller> => {
      lookups++;
      throw new Error('invalid_api_key');
    };
    await expect(callers.find('sk-at-bad', refuse)).rejects.toThrow();
    await expect(callers.find('sk-at-bad', refuse)).rejects.toThrow();
    expect(lookups).toBe(2);
  });

  it('forgets a revoked token at once, and nothing else', async () => {
    const callers = createGatewayCallers(() => 0);
    const lookups: string[] = [];
    const load = (secret: string, caller: GatewayCaller) => async () => (lookups.push(secret), caller);
    await callers.find('sk-at-a', load('sk-at-a', tokenCaller));
    await callers.find('sk-key', load('sk-key', keyCaller));
    callers.forgetToken('t1');
    await callers.find('sk-at-a', load('sk-at-a', tokenCaller));
    await callers.find('sk-key', load('sk-key', keyCaller));
    expect(lookups).toEqual(['sk-at-a', 'sk-key', 'sk-at-a']);
  });
});
