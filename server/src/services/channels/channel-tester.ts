import { parseModelList, titleModelFor, type EndpointName } from '@parley/core';
import type { Env } from '../../config/env.ts';
import type { ServiceAccountTokens } from '../../providers/google/service-account.ts';
import { ProviderError } from '../../providers/provider-error.ts';
import { getProvider } from '../../providers/registry.ts';
import { operatorChosen } from '../chat/credentials.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';
import type { Channel } from './channel.ts';
import { servedModel } from './channel-models.ts';

/** A test that gets no answer in this time has failed. */
const TEST_TIMEOUT_MS = 30_000;

interface ChannelKeyTest {
  /** 1-based, as the operator counts the keys of the file. */
  key: number;
  ok: boolean;
  ms: number;
  /** Why it failed: an error code and status, never the key or the upstream's text. */
  error?: string;
}

export interface ChannelTestResult {
  channel: string;
  model: string;
  ok: boolean;
  keys: ChannelKeyTest[];
}

/** The model a test asks for: the channel's first, else its endpoint's small title model. */
function testModel(env: Env, channel: Channel): string {
  const endpoint = channel.endpoint as EndpointName;
  return channel.models[0] ?? Object.keys(channel.modelMapping)[0] ?? titleModelFor(endpoint) ?? parseModelList(endpointSettings(env, endpoint).models, endpoint)[0]!;
}

const failureText = (error: unknown) =>
  error instanceof ProviderError ? `${error.code}${error.upstreamStatus === undefined ? '' : ` (HTTP ${error.upstreamStatus})`}` : ((error as NodeJS.ErrnoException).code ?? 'no answer');

/**
 * Asks each of the channel's keys for a one-word reply and stops at the first sign of one: a
 * key passes when the upstream starts answering. Tests run one key after another.
 */
export async function testChannel(env: Env, channel: Channel, serviceAccountTokens: ServiceAccountTokens, timeoutMs = TEST_TIMEOUT_MS): Promise<ChannelTestResult> {
  const model = testModel(env, channel);
  const { modelAliases } = servedModel(env, channel, { model }) ?? { modelAliases: channel.modelMapping };
  const provider = getProvider(channel.endpoint);
  const keys: ChannelKeyTest[] = [];
  for (const [index, apiKey] of channel.keys.entries()) {
    const started = performance.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const request = { model, modelAliases, messages: [{ role: 'user' as const, content: 'Say ok.' }], options: {}, apiKey, baseURL: channel.baseURL, outbound: operatorChosen, serviceAccountTokens, leastReasoning: true };
    let answered = false;
    try {
      for await (const _event of provider.stream(request, controller.signal)) {
        answered = true;
        break;
      }
      keys.push(answered || !controller.signal.aborted ? { key: index + 1, ok: true, ms: Math.round(performance.now() - started) } : { key: index + 1, ok: false, ms: timeoutMs, error: 'no answer in time' });
    } catch (error) {
      keys.push({ key: index + 1, ok: false, ms: Math.round(performance.now() - started), error: failureText(error) });
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }
  return { channel: channel.name, model, ok: keys.every((k) => k.ok), keys };
}
