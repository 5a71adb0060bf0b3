import { upstreamModel } from '@parley/core';
import { z } from 'zod';
import type { PluginTool } from './plugin-tool.ts';
import { jsonOf, toolRequest, type ToolHttp } from './tool-http.ts';

const input = z.object({
  prompt: z.string().min(1).max(4000),
  size: z.enum(['1024x1024', '1536x1024', '1024x1536']).optional(),
});

interface ImagesAnswer {
  data?: { b64_json?: string; url?: string; revised_prompt?: string | null }[];
}

const openAIOrigin = 'https://api.openai.com';

/**
 * OpenAI images API (`POST /v1/images/generations`, base64 answer) on the model the catalog serves
 * for gpt-4o-image: DALL-E 3 is retired upstream, and GPT image models always answer base64.
 */
export function dalleTool(auth: Record<string, string>, http: ToolHttp, origin = openAIOrigin): PluginTool {
  return {
    name: 'dalle',
    description: "Creates an image from a detailed description with OpenAI's image model. Input: the prompt in English and optionally a size.",
    inputSchema: z.toJSONSchema(input),
    async run(raw, signal) {
      const { prompt, size = '1024x1024' } = input.parse(raw);
      const response = await toolRequest(http, new URL('/v1/images/generations', origin), {
        signal,
        method: 'POST',
        headers: { authorization: `Bearer ${auth.DALLE_API_KEY ?? ''}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: upstreamModel('openAI', 'gpt-4o-image').id, prompt, n: 1, size }),
      });
      const answer = jsonOf<ImagesAnswer>(response, (b) => (b as { error?: { message?: string } }).error?.message);
      const images = (answer.data ?? []).flatMap((d) => (d.b64_json ? [{ mediaType: 'image/png', base64: d.b64_json }] : []));
      const revised = answer.data?.[0]?.revised_prompt;
      return { text: `Created ${images.length} image(s)${revised ? ` for the prompt: ${revised}` : ''}. They are shown to the user.`, images };
    },
  };
}
