import { z } from 'zod';
import type { PluginTool } from './plugin-tool.ts';
import { clip, jsonOf, toolRequest, type ToolHttp } from './tool-http.ts';

const input = z.object({ query: z.string().min(1).max(1000) });

interface SearchAnswer {
  value?: Record<string, unknown>[];
}

const AZURE_SEARCH_API_VERSION = '2024-07-01';

/** Azure AI Search (`POST {endpoint}/indexes/{index}/docs/search?api-version`, `api-key` header). */
export function azureAiSearchTool(auth: Record<string, string>, http: ToolHttp, trustedAddress: boolean): PluginTool {
  return {
    name: 'azure-ai-search',
    description: "Searches the user's own documents in Azure AI Search and answers the best matches. Input: the search text.",
    inputSchema: z.toJSONSchema(input),
    async run(raw, signal) {
      const { query } = input.parse(raw);
      const base = `${(auth.AZURE_AI_SEARCH_SERVICE_ENDPOINT ?? '').replace(/\/+$/, '')}/`;
      const url = new URL(`indexes/${encodeURIComponent(auth.AZURE_AI_SEARCH_INDEX_NAME ?? '')}/docs/search`, base);
      url.searchParams.set('api-version', AZURE_SEARCH_API_VERSION);
      const response = await toolRequest(http, url, {
        signal,
        user: !trustedAddress,
        method: 'POST',
        headers: { 'api-key': auth.AZURE_AI_SEARCH_API_KEY ?? '', 'content-type': 'application/json' },
        body: JSON.stringify({ search: query, top: 5 }),
      });
      const answer = jsonOf<SearchAnswer>(response, (b) => (b as { error?: { message?: string } }).error?.message);
      const docs = (answer.value ?? []).map((doc) => {
        const { '@search.score': score, ...fields } = doc;
        return `score ${String(score)}: ${JSON.stringify(fields)}`;
      });
      return { text: docs.length > 0 ? clip(docs.join('\n\n')) : 'No documents matched.' };
    },
  };
}
