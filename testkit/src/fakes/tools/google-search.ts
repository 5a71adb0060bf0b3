import { sendJson, startFakeServer, type FakeUpstream } from '../fake-server.ts';

const googleError = (code: number, message: string, reason: string, status: string) => ({
  error: { code, message, errors: [{ message, domain: 'global', reason }], status },
});

/**
 * Google Custom Search JSON API: `GET /customsearch/v1?key&cx&q[&num]`. A wrong key is 400
 * API_KEY_INVALID, no cx is 400 invalid argument, num above 10 is refused, as the real one does.
 */
export function startGoogleSearchFake(options: { apiKey: string; cx: string }): Promise<FakeUpstream> {
  return startFakeServer((ctx) => {
    const { query, path } = ctx.recorded;
    if (ctx.req.method !== 'GET' || path !== '/customsearch/v1') return sendJson(ctx.res, 404, googleError(404, 'Not Found', 'notFound', 'NOT_FOUND'));
    if (query.key !== options.apiKey) return sendJson(ctx.res, 400, googleError(400, 'API key not valid. Please pass a valid API key.', 'badRequest', 'INVALID_ARGUMENT'));
    if (!query.cx || query.cx !== options.cx || !query.q) return sendJson(ctx.res, 400, googleError(400, 'Request contains an invalid argument.', 'badRequest', 'INVALID_ARGUMENT'));
    const num = Number(query.num ?? 10);
    if (!Number.isInteger(num) || num < 1 || num > 10) return sendJson(ctx.res, 400, googleError(400, 'Request contains an invalid argument.', 'badRequest', 'INVALID_ARGUMENT'));
    sendJson(ctx.res, 200, {
      kind: 'customsearch#search',
      queries: { request: [{ searchTerms: query.q, count: num, startIndex: 1 }] },
      searchInformation: { totalResults: '2', searchTime: 0.2 },
      items: [
        { kind: 'customsearch#result', title: `About ${query.q}`, link: 'https://example.org/about', displayLink: 'example.org', snippet: `What ${query.q} is.` },
        { kind: 'customsearch#result', title: `${query.q} news`, link: 'https://example.com/news', displayLink: 'example.com', snippet: 'Latest news.' },
      ].slice(0, num),
    });
  });
}
