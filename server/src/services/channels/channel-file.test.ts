import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testEnv } from '../../test-support/app.ts';
import { parseChannelFile } from './channel-file.ts';
import { envChannels } from './env-channels.ts';
import { loadChannels } from './load-channels.ts';

const issueExample = `channels:
  - name: openai-a
    type: openai            # or azure, anthropic, google, vertex, deepseek, xai, openai-compatible, qwen, glm, kimi, doubao, siliconflow
    base_url: https://api.openai.com/v1
    keys: [sk-first, sk-second]
    models: [gpt-6-luna, gpt-6.1-terra]
    model_mapping: { gpt-4o-mini: gpt-6-luna }   # optional
    priority: 0             # higher is tried first
    weight: 3
`;

const errorOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('no error');
};

describe('CHANNELS_FILE', () => {
  it("reads the issue's example as written", () => {
    expect(parseChannelFile(issueExample, 'channels.yaml')).toEqual([
      {
        name: 'openai-a',
        type: 'openai',
        base_url: 'https://api.openai.com/v1',
        keys: ['sk-first', 'sk-second'],
        models: ['gpt-6-luna', 'gpt-6.1-terra'],
        model_mapping: { 'gpt-4o-mini': 'gpt-6-luna' },
        priority: 0,
        weight: 3,
      },
    ]);
  });

  it('reads JSON too, with defaults for what it leaves out', () => {
    const json = JSON.stringify({ channels: [{ name: 'kimi-a', type: 'kimi', keys: ['sk-k'], models: ['kimi-k2'] }] }, null, 2);
    expect(parseChannelFile(json, 'channels.json')).toEqual([{ name: 'kimi-a', type: 'kimi', keys: ['sk-k'], models: ['kimi-k2'], model_mapping: {}, priority: 0, weight: 1 }]);
  });

  it('names the line of a YAML syntax error', () => {
    const broken = issueExample.replace('keys: [sk-first, sk-second]', 'keys: [sk-first, sk-second');
    expect(errorOf(() => parseChannelFile(broken, 'channels.yaml'))).toMatch(/^CHANNELS_FILE channels.yaml is not valid YAML or JSON:\n {2}line \d+:/);
  });

  it('names the line of each field the contract refuses', () => {
    const bad = issueExample.replace('type: openai ', 'type: openia ').replace('weight: 3', 'weight: -1').replace('keys: [sk-first, sk-second]', 'keys: []');
    const message = errorOf(() => parseChannelFile(bad, 'channels.yaml'));
    expect(message).toContain('CHANNELS_FILE channels.yaml is not a valid channels file:');
    expect(message).toMatch(/line 3 \(channels\.0\.type\): Invalid option/);
    expect(message).toMatch(/line 5 \(channels\.0\.keys\): /);
    expect(message).toMatch(/line 9 \(channels\.0\.weight\): /);
  });

  it('names the line of an unknown field, a duplicate name, a compatible host without base URL and a bad Azure key', () => {
    const text = `channels:
  - name: a
    type: openai
    keys: [k]
    models: [m]
    wieght: 2
  - name: A
    type: openai-compatible
    keys: [k]
    models: [m]
  - name: az
    type: azure
    keys: ['not json']
    models: [m]
`;
    const message = errorOf(() => parseChannelFile(text, 'c.yaml'));
    expect(message).toMatch(/line 2 \(channels\.0\): Unrecognized key: "wieght"/);
    expect(message).toMatch(/line 7 \(channels\.1\.name\): channel name "A" is used twice/);
    expect(message).toMatch(/line 7 \(channels\.1\.base_url\): an openai-compatible channel needs base_url/);
    expect(message).toMatch(/line 13 \(channels\.2\.keys\.0\): Invalid Azure OpenAI key/);
  });

  it('turns each server *_API_KEY into one channel and leaves user_provided ones to the users', () => {
    const env = testEnv({ OPENAI_API_KEY: 'sk-env', OPENAI_BASE_URL: 'http://proxy.local/v1', ANTHROPIC_API_KEY: 'user_provided', GROK_API_KEY: 'xai-env' });
    expect(envChannels(env).map((c) => [c.name, c.type, c.endpoint, c.keys, c.baseURL])).toEqual([
      ['env-openai', 'openai', 'openAI', ['sk-env'], 'http://proxy.local/v1'],
      ['env-xai', 'xai', 'grok', ['xai-env'], undefined],
    ]);
  });

  it('loads the file beside the env channels, presets bringing their base URL, and refuses a name taken by an env channel', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-channels-'));
    const file = path.join(dir, 'channels.yaml');
    writeFileSync(file, 'channels:\n  - { name: qwen-a, type: qwen, keys: [sk-q], models: [qwen-max] }\n');
    const loaded = loadChannels(testEnv({ CHANNELS_FILE: file, DEEPSEEK_API_KEY: 'sk-d' }));
    expect(loaded.map((c) => [c.name, c.endpoint, c.baseURL, c.source])).toEqual([
      ['qwen-a', 'openAI', 'https://dashscope.aliyuncs.com/compatible-mode/v1', 'file'],
      ['env-deepseek', 'deepSeek', undefined, 'env'],
    ]);
    writeFileSync(file, 'channels:\n  - { name: env-deepseek, type: deepseek, keys: [sk-q], models: [deepseek-chat] }\n');
    expect(errorOf(() => loadChannels(testEnv({ CHANNELS_FILE: file, DEEPSEEK_API_KEY: 'sk-d' })))).toContain('"env-deepseek" is taken');
    expect(errorOf(() => loadChannels(testEnv({ CHANNELS_FILE: path.join(dir, 'missing.yaml') })))).toMatch(/^CHANNELS_FILE .*missing\.yaml: ENOENT/);
  });
});
