import { sendJson, startFakeServer, type FakeUpstream } from '../fake-server.ts';

/** SerpApi `GET /search.json?engine=google&q&api_key`: a wrong key is 401 `{"error": …}`, a missing q is 400. */
export function startSerpApiFake(options: { apiKey: string }): Promise<FakeUpstream> {
  return startFakeServer((ctx) => {
    const { query, path } = ctx.recorded;
    if (path !== '/search.json' && path !== '/search') return sendJson(ctx.res, 404, { error: 'Not found.' });
    if (query.api_key !== options.apiKey) return sendJson(ctx.res, 401, { error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key' });
    if (!query.q) return sendJson(ctx.res, 400, { error: "Missing query `q` parameter." });
    if (query.engine && query.engine !== 'google') return sendJson(ctx.res, 400, { error: 'Unsupported `engine` parameter.' });
    sendJson(ctx.res, 200, {
      search_metadata: { status: 'Success', id: 'fake' },
      search_parameters: { engine: 'google', q: query.q },
      answer_box: { type: 'organic_result', answer: `The answer about ${query.q}` },
      organic_results: [{ position: 1, title: `${query.q} — Wikipedia`, link: 'https://en.wikipedia.org/wiki/Example', snippet: 'An example.' }],
    });
  });
}
