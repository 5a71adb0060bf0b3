import { imageMimeTypes, maxUploadBytes } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { outboundFetch } from '../../net/outbound-fetch.ts';
import { outboundPolicy } from '../../net/outbound-url.ts';

const DOWNLOAD_TIMEOUT_MS = 30_000;

/**
 * A picture an upstream made and linked (Copilot's `imageGenerated`), fetched through the
 * server's outbound policy (any public https host, never a private address, no redirect) as a
 * data URL, at most 20 MB. Undefined when it cannot be had; the reason is logged.
 */
export async function downloadPicture(ctx: Pick<AppContext, 'env' | 'log'>, url: string): Promise<string | undefined> {
  try {
    const response = await outboundFetch({ ...outboundPolicy(ctx.env), anyPublicHost: true })(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
    const length = Number(response.headers.get('content-length') ?? 0);
    if (!response.ok || !(imageMimeTypes as readonly string[]).includes(type) || length > maxUploadBytes) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}, ${type || 'no type'}, ${length} bytes`);
    }
    const data = Buffer.from(await response.arrayBuffer());
    if (data.length > maxUploadBytes) throw new Error(`${data.length} bytes`);
    return `data:${type};base64,${data.toString('base64')}`;
  } catch (error) {
    ctx.log.warn({ err: error, host: URL.canParse(url) ? new URL(url).host : undefined }, 'could not fetch a picture the provider generated');
    return undefined;
  }
}
