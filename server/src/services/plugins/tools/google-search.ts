import { z } from 'zod';
import type { PluginTool } from './plugin-tool.ts';
import { jsonOf, toolRequest, type ToolHttp } from './tool-http.ts';

const input = z.object({ query: z.string().min(1).max(500) });

interface SearchAnswer {
  items?: { title?: string; link?: string; snippet?: string }[];
}

const googleApiOrigin = 'https://www.googleapis.com';

/** Google Custom Search JSON API (`GET /customsearch/v1?key&cx&q`). */
export function googleSearchTool(auth: Record<string, string>, http: ToolHttp, origin = googleApiOrigin): PluginTool {
  return {
    name: 'google',
    description: 'Searches the web with Google and answers the top results (title, link, snippet). Input: the search query.',
    inputSchema: z.toJSONSchema(input),
    async run(raw, signal) {
      const { query } = input.parse(raw);
      const url = new URL('/customsearch/v1', origin);
      url.search = new URLSearchParams({ key: auth.GOOGLE_SEARCH_API_KEY ?? '', cx: auth.GOOGLE_CSE_ID ?? '', q: query, num: '5' }).toString();
      const answer = jsonOf<SearchAnswer>(await toolRequest(http, url, { signal }), (b) => (b as { error?: { message?: string } }).error?.message);
      const items = answer.items ?? [];
      if (items.length === 0) return { text: 'No results.' };
      return { text: items.map((i, n) => `${n + 1}. ${i.title ?? ''}\n${i.link ?? ''}\n${i.snippet ?? ''}`).join('\n\n') };
    },
  };
}
