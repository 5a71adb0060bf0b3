import type { EndpointName } from '@parley/core';

/** One model a provider lists, with the day it shuts down when the provider announced one. */
export interface LiveModel {
  id: string;
  /** UTC `YYYY-MM-DD`: OpenAI's `shutdown_date`, Anthropic's `retires_at`. */
  shutdownDate?: string;
}

/** Where a provider lists its models, and how to ask. */
export interface LiveListSource {
  defaultBaseURL: string;
  fetchModels(baseURL: string, apiKey: string, signal: AbortSignal): Promise<LiveModel[]>;
}

/** The day of an ISO date or date-time, when it is one. */
const dayOf = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined);

const liveModel = (id: string, shutdown: unknown): LiveModel => {
  const shutdownDate = dayOf(shutdown);
  return shutdownDate ? { id, shutdownDate } : { id };
};

/** Pages read at most, so a misbehaving upstream cannot keep a request looping. */
const maxPages = 10;

async function getJson(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { headers, signal });
  if (!response.ok) throw new Error(`models list answered ${response.status}`);
  return response.json();
}

/** Ids of models that are not chat models: audio, images, video, embeddings, moderation… */
const notChat = /(embed|whisper|tts|transcribe|audio|realtime|dall-e|image|imagine|video|moderation|search-preview|instruct|babbage|davinci-002|computer-use|sora)/i;

/** OpenAI and OpenAI-compatible servers (DeepSeek, xAI): `GET {base}/models` → `{ data: [{ id, shutdown_date? }] }`. */
const openAICompatible = (defaultBaseURL: string, isChat: (id: string) => boolean): LiveListSource => ({
  defaultBaseURL,
  async fetchModels(baseURL, apiKey, signal) {
    const body = (await getJson(`${baseURL}/models`, { authorization: `Bearer ${apiKey}` }, signal)) as { data?: { id?: unknown; shutdown_date?: unknown }[] };
    return (body.data ?? []).flatMap((m) => (typeof m.id === 'string' && m.id !== '' && isChat(m.id) ? [liveModel(m.id, m.shutdown_date)] : []));
  },
});

interface AnthropicModel {
  id?: unknown;
  lifecycle?: unknown;
  retires_at?: unknown;
}

/**
 * Anthropic: `GET {base}/models` (the base ends in `/v1`, as the provider's) with `x-api-key` and
 * `anthropic-version`, paged by `after_id`; a `retired` model is left out, a retirement date kept.
 */
const anthropic: LiveListSource = {
  defaultBaseURL: 'https://api.anthropic.com/v1',
  async fetchModels(baseURL, apiKey, signal) {
    const models: LiveModel[] = [];
    let after: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const query = new URLSearchParams({ limit: '100', ...(after ? { after_id: after } : {}) });
      const body = (await getJson(`${baseURL}/models?${query}`, { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' }, signal)) as {
        data?: AnthropicModel[];
        has_more?: boolean;
        last_id?: unknown;
      };
      for (const m of body.data ?? []) if (typeof m.id === 'string' && m.id !== '' && m.lifecycle !== 'retired') models.push(liveModel(m.id, m.retires_at));
      if (!body.has_more || typeof body.last_id !== 'string') break;
      after = body.last_id;
    }
    return models;
  },
};

interface GeminiModel {
  name?: unknown;
  supportedGenerationMethods?: unknown;
}

/** Gemini API: `GET {base}/v1beta/models` with `x-goog-api-key`, paged by `pageToken`; chat models generate content. */
const gemini: LiveListSource = {
  defaultBaseURL: 'https://generativelanguage.googleapis.com',
  async fetchModels(baseURL, apiKey, signal) {
    const ids: string[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const query = new URLSearchParams({ pageSize: '1000', ...(pageToken ? { pageToken } : {}) });
      const body = (await getJson(`${baseURL}/v1beta/models?${query}`, { 'x-goog-api-key': apiKey }, signal)) as {
        models?: GeminiModel[];
        nextPageToken?: unknown;
      };
      for (const m of body.models ?? []) {
        const methods = Array.isArray(m.supportedGenerationMethods) ? m.supportedGenerationMethods : [];
        if (typeof m.name === 'string' && methods.includes('generateContent')) ids.push(m.name.replace(/^models\//, ''));
      }
      if (typeof body.nextPageToken !== 'string' || !body.nextPageToken) break;
      pageToken = body.nextPageToken;
    }
    return ids.filter((id) => id.startsWith('gemini-') && !notChat.test(id)).map((id) => ({ id }));
  },
};

/** The endpoints whose provider lists its models; Azure (deployments), Bing and the browser ChatGPT do not. */
export const liveListSources: Partial<Record<EndpointName, LiveListSource>> = {
  openAI: openAICompatible('https://api.openai.com/v1', (id) => /^(gpt-|o\d|chatgpt-)/.test(id) && !notChat.test(id)),
  deepSeek: openAICompatible('https://api.deepseek.com', (id) => id.startsWith('deepseek-')),
  grok: openAICompatible('https://api.x.ai/v1', (id) => id.startsWith('grok-') && !notChat.test(id)),
  anthropic,
  google: gemini,
};
