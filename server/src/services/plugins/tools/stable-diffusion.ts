import { z } from 'zod';
import type { PluginTool } from './plugin-tool.ts';
import { jsonOf, toolRequest, type ToolHttp } from './tool-http.ts';

const input = z.object({
  prompt: z.string().min(1).max(2000),
  negative_prompt: z.string().max(2000).optional(),
});

interface Txt2ImgAnswer {
  images?: string[];
}

/** AUTOMATIC1111 web UI (`POST /sdapi/v1/txt2img`): base64 PNGs. */
export function stableDiffusionTool(auth: Record<string, string>, http: ToolHttp, trustedAddress: boolean): PluginTool {
  return {
    name: 'stable-diffusion',
    description: 'Creates an image with Stable Diffusion. Input: a comma-separated English prompt of keywords, and optionally what to avoid.',
    inputSchema: z.toJSONSchema(input),
    async run(raw, signal) {
      const { prompt, negative_prompt = '' } = input.parse(raw);
      const url = new URL('sdapi/v1/txt2img', `${(auth.SD_WEBUI_URL ?? '').replace(/\/+$/, '')}/`);
      const response = await toolRequest(http, url, {
        signal,
        user: !trustedAddress,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt, negative_prompt, steps: 20, width: 512, height: 512, sampler_name: 'Euler a', cfg_scale: 7 }),
      });
      const answer = jsonOf<Txt2ImgAnswer>(response, (b) => (b as { detail?: string; error?: string }).detail ?? (b as { error?: string }).error);
      const images = (answer.images ?? []).map((base64) => ({ mediaType: 'image/png', base64 }));
      return { text: `Created ${images.length} image(s). They are shown to the user.`, images };
    },
  };
}
