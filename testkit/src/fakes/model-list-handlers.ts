import { sendJson, type FakeContext } from './fake-server.ts';
import { servedModel } from './served-models.ts';

/** A listed model's shutdown day: the test's own (`shutdownDates`), else the served list's. */
const shutdownDateOf = (id: string, overrides: Readonly<Record<string, string>> = {}) => overrides[id] ?? servedModel(id)?.shutdownDate;

/** OpenAI-style `GET /v1/models` (DeepSeek and xAI share it): each model with its `shutdown_date`, null when none is announced. */
export function openAIModelsList(ctx: FakeContext, ids: readonly string[], ownedBy: string, shutdownDates?: Readonly<Record<string, string>>) {
  sendJson(ctx.res, 200, {
    object: 'list',
    data: ids.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: ownedBy, shutdown_date: shutdownDateOf(id, shutdownDates) ?? null })),
  });
}

const pageSize = (value: string | null, fallback: number, max: number) => Math.min(max, Math.max(1, Number(value) || fallback));

/**
 * Anthropic `GET /v1/models`: newest first, `limit` (1–1000, default 20) and `after_id` paging;
 * a model with a retirement day is `deprecated` until that day and `retired` from it, with `retires_at`.
 */
export function anthropicModelsList(ctx: FakeContext, ids: readonly string[], shutdownDates?: Readonly<Record<string, string>>) {
  const limit = pageSize(ctx.url.searchParams.get('limit'), 20, 1000);
  const after = ctx.url.searchParams.get('after_id');
  const start = after ? ids.indexOf(after) + 1 : 0;
  const page = ids.slice(start, start + limit);
  sendJson(ctx.res, 200, {
    data: page.map((id) => {
      const retires = shutdownDateOf(id, shutdownDates);
      const lifecycle = !retires ? 'active' : retires <= new Date().toISOString().slice(0, 10) ? 'retired' : 'deprecated';
      return {
        type: 'model',
        id,
        display_name: id,
        created_at: '2026-01-01T00:00:00Z',
        lifecycle,
        deprecated_at: retires ? '2026-09-01T00:00:00Z' : null,
        retires_at: retires ? `${retires}T00:00:00Z` : null,
      };
    }),
    has_more: start + limit < ids.length,
    first_id: page[0] ?? null,
    last_id: page.at(-1) ?? null,
  });
}

/** Gemini API `GET /v1beta/models`: `models/{id}` names with their generation methods, `pageSize`/`pageToken` paging. */
export function geminiModelsList(ctx: FakeContext, ids: readonly string[]) {
  const size = pageSize(ctx.url.searchParams.get('pageSize'), 50, 1000);
  const start = Number(ctx.url.searchParams.get('pageToken') ?? 0) || 0;
  const page = ids.slice(start, start + size);
  const next = start + size < ids.length ? String(start + size) : undefined;
  sendJson(ctx.res, 200, {
    models: page.map((id) => ({
      name: `models/${id}`,
      displayName: id,
      inputTokenLimit: 1_048_576,
      outputTokenLimit: 65_536,
      supportedGenerationMethods: id.includes('embedding') ? ['embedContent'] : ['generateContent', 'countTokens'],
    })),
    ...(next ? { nextPageToken: next } : {}),
  });
}
