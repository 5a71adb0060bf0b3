import type { PassthroughCall } from '../passthrough.ts';
import type { UpstreamAddress } from '../upstream-call.ts';
import { usageOfGemini } from './from-gemini-response.ts';
import type { GeminiResponse } from './gemini-types.ts';

/**
 * A Gemini model asked through `/v1beta/models/…`: the body goes to Google as it came; each
 * frame that carries `usageMetadata` updates the usage (the last one is the call's).
 */
export function geminiPassthrough(target: UpstreamAddress, body: Record<string, unknown>): PassthroughCall {
  return {
    target,
    body,
    isOutput: (_event, data) => data.includes('"parts":[{'),
    carriesUsage: (_event, data) => data.includes('"usageMetadata"') || data.includes('"error"'),
    readUsage(_event, data, watch) {
      const response = data as GeminiResponse & { error?: { status?: string } };
      if (response.error) watch.streamError = response.error.status ?? 'upstream_error';
      if (response.usageMetadata) watch.noteUsage(usageOfGemini(response.usageMetadata));
      if (response.modelVersion) watch.upstreamModel = response.modelVersion;
    },
  };
}
