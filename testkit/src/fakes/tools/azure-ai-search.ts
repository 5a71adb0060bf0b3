import { sendJson, startFakeServer, type FakeUpstream } from '../fake-server.ts';

const azureError = (code: string, message: string) => ({ error: { code, message } });

/** Azure AI Search `POST /indexes/{index}/docs/search?api-version` with an `api-key` header: OData `value` list. */
export function startAzureAiSearchFake(options: { apiKey: string; index: string; documents: Record<string, unknown>[] }): Promise<FakeUpstream> {
  return startFakeServer((ctx) => {
    const { path, query, headers } = ctx.recorded;
    const match = /^\/indexes(?:\('([^']+)'\)|\/([^/]+))\/docs\/search(?:\.post\.search)?$/.exec(path);
    if (!query['api-version']) return sendJson(ctx.res, 400, azureError('MissingApiVersionParameter', "The api-version query parameter (?api-version=) is required for all requests."));
    if (headers['api-key'] !== options.apiKey) return sendJson(ctx.res, 403, azureError('Forbidden', 'Authorization failed.'));
    if (!match || ctx.req.method !== 'POST') return sendJson(ctx.res, 404, azureError('ResourceNotFound', 'Resource not found.'));
    const index = decodeURIComponent(match[1] ?? match[2] ?? '');
    if (index !== options.index) return sendJson(ctx.res, 404, azureError('', `The index '${index}' for service 'fake' was not found.`));
    const body = (ctx.recorded.body ?? {}) as { search?: string; top?: number };
    const words = (body.search ?? '*').toLowerCase().split(/\s+/).filter(Boolean);
    const hits = options.documents
      .map((doc) => ({ doc, score: words.filter((w) => JSON.stringify(doc).toLowerCase().includes(w)).length }))
      .filter((h) => h.score > 0 || words.includes('*'))
      .sort((a, b) => b.score - a.score)
      .slice(0, body.top ?? 50);
    sendJson(ctx.res, 200, { '@odata.context': `https://fake/indexes('${index}')/$metadata#docs(*)`, value: hits.map((h) => ({ '@search.score': h.score, ...h.doc })) });
  });
}
