import { z } from 'zod';
import type { PluginTool } from './plugin-tool.ts';
import { clip, jsonOf, toolRequest, type ToolHttp } from './tool-http.ts';

const input = z.object({ query: z.string().min(1).max(500) });

interface SerpAnswer {
  answer_box?: { answer?: string; snippet?: string; title?: string };
  knowledge_graph?: { title?: string; description?: string };
  organic_results?: { title?: string; link?: string; snippet?: string }[];
}

const serpApiOrigin = 'https://serpapi.com';

/** SerpApi's Google engine (`GET /search.json?engine=google&q&api_key`): answer box, knowledge graph, then organic results. */
export function serpApiTool(auth: Record<string, string>, http: ToolHttp, origin = serpApiOrigin): PluginTool {
  return {
    name: 'serpapi',
    description: 'Searches Google through SerpApi for current events and facts; answers the direct answer if any and the top results. Input: the search query.',
    inputSchema: z.toJSONSchema(input),
    async run(raw, signal) {
      const { query } = input.parse(raw);
      const url = new URL('/search.json', origin);
      url.search = new URLSearchParams({ engine: 'google', q: query, api_key: auth.SERPAPI_API_KEY ?? '', num: '5' }).toString();
      const answer = jsonOf<SerpAnswer>(await toolRequest(http, url, { signal }), (b) => (b as { error?: string }).error);
      const parts: string[] = [];
      const box = answer.answer_box;
      if (box?.answer ?? box?.snippet) parts.push(`Answer: ${box.answer ?? box.snippet}`);
      if (answer.knowledge_graph?.description) parts.push(`${answer.knowledge_graph.title ?? ''}: ${answer.knowledge_graph.description}`);
      for (const [n, r] of (answer.organic_results ?? []).slice(0, 5).entries()) parts.push(`${n + 1}. ${r.title ?? ''}\n${r.link ?? ''}\n${r.snippet ?? ''}`);
      return { text: parts.length > 0 ? clip(parts.join('\n\n')) : 'No results.' };
    },
  };
}
