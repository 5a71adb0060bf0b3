import { startAzureAiSearchFake, startGoogleSearchFake, startSerpApiFake, startWolframFake, type FakeUpstream } from '@parley/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { azureAiSearchTool } from './azure-ai-search.ts';
import { googleSearchTool } from './google-search.ts';
import { serpApiTool } from './serpapi.ts';
import { noAbort, testToolHttp } from '../../../test-support/tool-http.ts';
import { wolframTool } from './wolfram.ts';

const http = testToolHttp();
const fakes: FakeUpstream[] = [];
let google: FakeUpstream, serp: FakeUpstream, wolfram: FakeUpstream, azure: FakeUpstream;

beforeAll(async () => {
  google = await startGoogleSearchFake({ apiKey: 'google-key-123', cx: 'cx-123' });
  serp = await startSerpApiFake({ apiKey: 'serp-key-1234' });
  wolfram = await startWolframFake({ appId: 'WOLF-APPID-1' });
  azure = await startAzureAiSearchFake({ apiKey: 'azure-key-12', index: 'docs', documents: [{ id: '1', content: 'Refund policy: 30 days' }, { id: '2', content: 'Shipping takes a week' }] });
  fakes.push(google, serp, wolfram, azure);
});
afterAll(async () => Promise.all(fakes.map((f) => f.close())));

describe('google', () => {
  it('answers the top results of the Custom Search JSON API', async () => {
    const tool = googleSearchTool({ GOOGLE_SEARCH_API_KEY: 'google-key-123', GOOGLE_CSE_ID: 'cx-123' }, http, google.url);
    const { text } = await tool.run({ query: 'otters' }, noAbort());
    expect(text).toContain('1. About otters\nhttps://example.org/about');
    expect(google.requests.at(-1)?.query).toMatchObject({ q: 'otters', cx: 'cx-123', num: '5' });
  });

  it("passes Google's own error message on", async () => {
    const tool = googleSearchTool({ GOOGLE_SEARCH_API_KEY: 'wrong-key-000', GOOGLE_CSE_ID: 'cx-123' }, http, google.url);
    await expect(tool.run({ query: 'otters' }, noAbort())).rejects.toThrow(/400: API key not valid/);
  });
});

describe('serpapi', () => {
  it('answers the answer box first, then organic results', async () => {
    const { text } = await serpApiTool({ SERPAPI_API_KEY: 'serp-key-1234' }, http, serp.url).run({ query: 'otters' }, noAbort());
    expect(text).toMatch(/^Answer: The answer about otters/);
    expect(text).toContain('https://en.wikipedia.org/wiki/Example');
  });

  it('reports a refused key', async () => {
    await expect(serpApiTool({ SERPAPI_API_KEY: 'bad' }, http, serp.url).run({ query: 'x' }, noAbort())).rejects.toThrow(/401: Invalid API key/);
  });
});

describe('wolfram', () => {
  it('answers the LLM API text and its image links', async () => {
    const result = await wolframTool({ WOLFRAM_APP_ID: 'WOLF-APPID-1' }, http, wolfram.url).run({ input: 'meaning of life' }, noAbort());
    expect(result.text).toContain('Result:\n42');
    expect(result.images?.[0]?.url).toMatch(/^https:\/\/www6b3\.wolframalpha\.com/);
  });

  it('lets the model read why an input was not understood, and refuses a bad appid', async () => {
    const good = wolframTool({ WOLFRAM_APP_ID: 'WOLF-APPID-1' }, http, wolfram.url);
    expect((await good.run({ input: 'gibberish' }, noAbort())).text).toContain('could not understand');
    await expect(wolframTool({ WOLFRAM_APP_ID: 'nope' }, http, wolfram.url).run({ input: 'x' }, noAbort())).rejects.toThrow(/403/);
  });
});

describe('azure ai search', () => {
  it('answers the matching documents of the index', async () => {
    const auth = { AZURE_AI_SEARCH_SERVICE_ENDPOINT: azure.url, AZURE_AI_SEARCH_INDEX_NAME: 'docs', AZURE_AI_SEARCH_API_KEY: 'azure-key-12' };
    const { text } = await azureAiSearchTool(auth, http, true).run({ query: 'refund' }, noAbort());
    expect(text).toMatch(/^score 1: \{"id":"1","content":"Refund policy: 30 days"\}/);
    expect(azure.requests.at(-1)?.query['api-version']).toBe('2024-07-01');
  });

  it('reports an unknown index', async () => {
    const auth = { AZURE_AI_SEARCH_SERVICE_ENDPOINT: azure.url, AZURE_AI_SEARCH_INDEX_NAME: 'other', AZURE_AI_SEARCH_API_KEY: 'azure-key-12' };
    await expect(azureAiSearchTool(auth, http, true).run({ query: 'refund' }, noAbort())).rejects.toThrow(/404: The index 'other'/);
  });
});
