import { z } from 'zod';
import { ToolError, type PluginTool } from './plugin-tool.ts';
import { clip, toolRequest, type ToolHttp } from './tool-http.ts';

const input = z.object({ input: z.string().min(1).max(1000) });

const wolframOrigin = 'https://www.wolframalpha.com';

/** Wolfram|Alpha LLM API (`GET /api/v1/llm-api?input&appid`): a plain-text answer written for language models. */
export function wolframTool(auth: Record<string, string>, http: ToolHttp, origin = wolframOrigin): PluginTool {
  return {
    name: 'wolfram',
    description:
      'Asks Wolfram|Alpha: math, science, units, dates, geography, finance and curated data. Input: a short English query in keywords, e.g. "population of France" or "integrate x^2 sin x".',
    inputSchema: z.toJSONSchema(input),
    async run(raw, signal) {
      const { input: query } = input.parse(raw);
      const url = new URL('/api/v1/llm-api', origin);
      url.search = new URLSearchParams({ input: query, appid: auth.WOLFRAM_APP_ID ?? '', maxchars: '6800' }).toString();
      const answer = await toolRequest(http, url, { signal });
      // 501 carries the reason the input was not understood, with suggestions: the model should read it.
      if (answer.status === 501) return { text: clip(answer.text) };
      if (answer.status !== 200) throw new ToolError(`Wolfram|Alpha answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      const images = [...answer.text.matchAll(/^image: (https:\/\/\S+)$/gm)].map((m) => ({ mediaType: 'image/png', url: m[1]! }));
      return { text: clip(answer.text), ...(images.length > 0 ? { images } : {}) };
    },
  };
}
