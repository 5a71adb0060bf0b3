import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAnthropicFake,
  startAzureOpenAIFake,
  startDeepSeekFake,
  startGoogleFake,
  startGrokFake,
  startOpenAIFake,
  type FakeUpstream,
} from '@parley/testkit';
import { catalogAliases } from '@parley/core';
import { parseEnv } from '../config/env.ts';
import { runSmoke, smokeReport, smokeTable, type SmokeRow } from './smoke-run.ts';

/** One fake per service the smoke test calls (the Google one with its service account), also kept in `fakes` to close. */
async function startServiceFakes(fakes: Record<string, FakeUpstream>) {
  const started = {
    openai: await startOpenAIFake(),
    azure: await startAzureOpenAIFake(),
    anthropic: await startAnthropicFake(),
    deepseek: await startDeepSeekFake(),
    grok: await startGrokFake(),
    google: await startGoogleFake(),
  };
  Object.assign(fakes, started);
  return started;
}

describe('npm run smoke against the strict fakes', () => {
  const fakes: Record<string, FakeUpstream> = {};
  let rows: SmokeRow[];

  beforeAll(async () => {
    const { google, ...started } = await startServiceFakes(fakes);
    // One failure to show: Anthropic refuses the first call as an exhausted balance.
    started.anthropic.enqueue({ status: 402 });
    // A reply that thinks and finishes without a word: the user would see an empty bubble.
    started.deepseek.enqueue({ reasoning: ['Thinking it over.'], chunks: [], finishReason: 'length' });
    const env = parseEnv({
      OPENAI_API_KEY: 'sk-smoke',
      OPENAI_BASE_URL: `${started.openai.url}/v1`,
      AZURE_OPENAI_API_KEY: JSON.stringify({ azureOpenAIApiInstanceName: 'smoke', azureOpenAIApiVersion: '2024-10-21', azureOpenAIApiKey: 'az' }),
      AZURE_OPENAI_BASE_URL: started.azure.url,
      ANTHROPIC_API_KEY: 'sk-ant-smoke',
      ANTHROPIC_BASE_URL: `${started.anthropic.url}/v1`,
      // The operator's own choice for one alias, which the smoke call must honour.
      ANTHROPIC_MODEL_ALIASES: 'claude-2=claude-sonnet-4-6',
      // A service-account key: Vertex AI, its token fetched from the fake's token_uri.
      GOOGLE_API_KEY: JSON.stringify(google.serviceAccount),
      GOOGLE_BASE_URL: google.url,
      DEEPSEEK_API_KEY: 'sk-ds',
      DEEPSEEK_BASE_URL: started.deepseek.url,
      GROK_API_KEY: 'xai-smoke',
      GROK_BASE_URL: `${started.grok.url}/v1`,
      // Users bring their own Bing cookie: nothing for the smoke test to call.
      BINGAI_API_KEY: 'user_provided',
    });
    rows = await runSmoke(env, { timeoutMs: 10_000 });
  }, 60_000);
  afterAll(() => Promise.all(Object.values(fakes).map((f) => f.close())));

  it('calls every model of every configured endpoint once, as its upstream model', () => {
    for (const endpoint of ['openAI', 'azureOpenAI', 'anthropic', 'google', 'deepSeek', 'grok'] as const) {
      expect(rows.filter((r) => r.endpoint === endpoint).map((r) => r.model)).toEqual(catalogAliases(endpoint));
    }
    expect(rows.find((r) => r.model === 'chat-bison')).toMatchObject({ upstream: 'gemini-3.7-flash', result: 'ok' });
    expect(rows.some((r) => r.endpoint === 'gptPlugins' || r.endpoint === 'bingAI')).toBe(false);
  });

  it("calls an alias as the operator's X_MODEL_ALIASES maps it, and reports that model", () => {
    expect(rows.find((r) => r.model === 'claude-2')).toMatchObject({ upstream: 'claude-sonnet-4-6', result: 'ok' });
    const sent = fakes.anthropic!.requests.map((r) => (r.body as { model: string }).model);
    expect(sent).toContain('claude-sonnet-4-6');
    expect(sent).not.toContain('claude-sonnet-5-5');
  });

  it('counts a reply that finishes without any text as empty_reply, not ok', () => {
    expect(rows.find((r) => r.endpoint === 'deepSeek')).toMatchObject({ model: 'deepseek-r1', result: 'empty_reply' });
  });

  it('answers ok for what works, the user-facing error code for what fails, and skips pictures', () => {
    const anthropic = rows.filter((r) => r.endpoint === 'anthropic');
    expect(anthropic[0]!.result).toBe('upstream_out_of_credit');
    expect(anthropic.slice(1).every((r) => r.result === 'ok')).toBe(true);
    const others = rows.filter((r) => r.endpoint !== 'anthropic' && r.endpoint !== 'deepSeek');
    const images = others.filter((r) => r.result.startsWith('skipped'));
    expect(images.map((r) => r.model).sort()).toEqual(['gpt-4o-image', 'gpt-4o-image', 'grok-3-imageGen']);
    expect(others.filter((r) => !r.result.startsWith('skipped')).every((r) => r.result === 'ok')).toBe(true);
  });

  it('prints an aligned table', () => {
    const table = smokeTable(rows).split('\n');
    expect(table[0]).toMatch(/^endpoint\s+check\s+model\s+upstream\s+result\s+ms$/);
    expect(table[1]).toMatch(/^-+ {2}-+/);
    expect(table.find((line) => line.startsWith('anthropic ') && line.includes('claude-1 '))).toMatch(/claude-haiku-5-5\s+upstream_out_of_credit/);
    expect(table).toHaveLength(rows.length + 2);
  });

  it('names the Azure deployment each row calls', () => {
    expect(rows.find((r) => r.endpoint === 'azureOpenAI' && r.model === 'gpt-4o')!.upstream).toBe('gpt-6.1-terra (deployment gpt-61-terra)');
    expect(rows.find((r) => r.endpoint === 'openAI' && r.model === 'gpt-4o')!.upstream).toBe('gpt-6.1-terra');
  });

  it("prints each failed row with the upstream's status and words, and counts skipped rows apart from ok ones", () => {
    const report = smokeReport(rows).split('\n');
    expect(report[0]).toBe('Failed:');
    expect(report).toContainEqual(expect.stringMatching(/^ {2}anthropic chat claude-1: upstream_out_of_credit, upstream 402: .*credit balance is too low/));
    expect(report).toContainEqual(expect.stringMatching(/^ {2}deepSeek chat deepseek-r1: empty_reply, upstream no status/));
    const ok = rows.filter((r) => r.result === 'ok').length;
    expect(report.at(-1)).toBe(`${ok} ok, 2 failed, 3 skipped (of ${rows.length})`);
    expect(ok).toBe(rows.length - 5);
  });
});

describe('npm run smoke --deep against the strict fakes', () => {
  const fakes: Record<string, FakeUpstream> = {};
  let rows: SmokeRow[];

  beforeAll(async () => {
    const { google, ...started } = await startServiceFakes(fakes);
    // Each service calls the tool it is offered, as the real ones do when told they must.
    for (const fake of Object.values(fakes)) fake.enqueue({ mentioning: 'current_time', toolCalls: [{ name: 'current_time', arguments: '{"city":"Paris"}' }] });
    const env = parseEnv({
      OPENAI_API_KEY: 'sk-smoke',
      OPENAI_BASE_URL: `${started.openai.url}/v1`,
      OPENAI_MODELS: 'gpt-4o-mini,gpt-4o-image',
      AZURE_OPENAI_API_KEY: JSON.stringify({ azureOpenAIApiInstanceName: 'smoke', azureOpenAIApiVersion: '2024-10-21', azureOpenAIApiKey: 'az' }),
      // Azure draws only on a newer (preview) api-version than chat.
      AZURE_OPENAI_IMAGES_API_VERSION: '2025-04-01-preview',
      AZURE_OPENAI_BASE_URL: started.azure.url,
      AZURE_OPENAI_MODELS: 'gpt-4o,gpt-4o-image',
      ANTHROPIC_API_KEY: 'sk-ant-smoke',
      ANTHROPIC_BASE_URL: `${started.anthropic.url}/v1`,
      ANTHROPIC_MODELS: 'claude-2',
      GOOGLE_API_KEY: 'g-smoke',
      GOOGLE_BASE_URL: google.url,
      GOOGLE_MODELS: 'chat-bison',
      GROK_API_KEY: 'xai-smoke',
      GROK_BASE_URL: `${started.grok.url}/v1`,
      GROK_MODELS: 'grok-3,grok-3-imageGen',
    });
    rows = await runSmoke(env, { deep: true, timeoutMs: 10_000 });
  }, 60_000);
  afterAll(() => Promise.all(Object.values(fakes).map((f) => f.close())));

  it('reads a picture, calls a tool and draws a picture once per endpoint', () => {
    const deep = rows.filter((r) => r.check !== 'chat').map((r) => `${r.endpoint} ${r.check} ${r.model} ${r.result}`);
    expect(deep).toEqual([
      'openAI vision gpt-4o-mini ok',
      'openAI tools gpt-4o-mini ok',
      'openAI image gpt-4o-image ok',
      'azureOpenAI vision gpt-4o ok',
      'azureOpenAI tools gpt-4o ok',
      'azureOpenAI image gpt-4o-image ok',
      'anthropic vision claude-2 ok',
      'anthropic tools claude-2 ok',
      'anthropic image - skipped (no image model listed)',
      'google vision chat-bison ok',
      'google tools chat-bison ok',
      'google image - skipped (no image model listed)',
      'grok vision grok-3 ok',
      'grok tools grok-3 ok',
      'grok image grok-3-imageGen ok',
    ]);
    // The vision call carried the picture; the tools call offered the tool.
    const visionCall = fakes.anthropic!.requests.find((r) => JSON.stringify(r.body).includes('"type":"image"'));
    expect(visionCall).toBeDefined();
    expect(fakes.anthropic!.requests.some((r) => JSON.stringify(r.body).includes('current_time'))).toBe(true);
  });

  it('leaves the chat rows of image models skipped: the deep image row has drawn once', () => {
    expect(rows.filter((r) => r.check === 'chat' && r.model.includes('image')).every((r) => r.result.startsWith('skipped'))).toBe(true);
  });
});
