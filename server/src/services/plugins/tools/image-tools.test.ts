import { upstreamModel } from '@parley/core';
import { startOpenAIFake, startStableDiffusionFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dalleTool } from './dalle.ts';
import { stableDiffusionTool } from './stable-diffusion.ts';
import { noAbort, testToolHttp } from '../../../test-support/tool-http.ts';

const http = testToolHttp();
let openai: FakeUpstream, sd: FakeUpstream;
beforeAll(async () => {
  openai = await startOpenAIFake({ apiKey: 'sk-dalle-key' });
  sd = await startStableDiffusionFake();
});
afterAll(async () => Promise.all([openai.close(), sd.close()]));

describe('dalle', () => {
  it('creates a picture through the images API', async () => {
    const result = await dalleTool({ DALLE_API_KEY: 'sk-dalle-key' }, http, openai.url).run({ prompt: 'an otter' }, noAbort());
    expect(result.images).toHaveLength(1);
    expect(result.images?.[0]?.base64?.length).toBeGreaterThan(20);
    expect(openai.requests.at(-1)?.body).toEqual({ model: upstreamModel('openAI', 'gpt-4o-image').id, prompt: 'an otter', n: 1, size: '1024x1024' });
  });

  it('reports a refused key', async () => {
    await expect(dalleTool({ DALLE_API_KEY: 'sk-wrong' }, http, openai.url).run({ prompt: 'x' }, noAbort())).rejects.toThrow(/401/);
  });
});

describe('stable diffusion', () => {
  it('creates a picture with txt2img', async () => {
    const result = await stableDiffusionTool({ SD_WEBUI_URL: `${sd.url}/` }, http, true).run({ prompt: 'otter, watercolor' }, noAbort());
    expect(result.images?.[0]?.mediaType).toBe('image/png');
    expect(sd.requests.at(-1)).toMatchObject({ path: '/sdapi/v1/txt2img', body: { prompt: 'otter, watercolor', steps: 20 } });
  });
});
