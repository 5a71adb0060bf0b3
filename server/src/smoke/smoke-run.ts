import { parseModelList, resolveModel, type EndpointName } from '@parley/core';
import type { Env } from '../config/env.ts';
import { getProvider } from '../providers/registry.ts';
import { toProviderError } from '../providers/provider-error.ts';
import { operatorChosen } from '../services/chat/credentials.ts';
import { endpointSettings, type EndpointSettings } from '../services/endpoints/endpoint-settings.ts';

/** The endpoints with a chat provider; gptPlugins runs on the OpenAI account and is checked there. */
const smokeEndpoints: readonly EndpointName[] = ['openAI', 'azureOpenAI', 'anthropic', 'google', 'deepSeek', 'grok'];

export interface SmokeRow {
  endpoint: EndpointName;
  /** Parley's model id, as the picker offers it. */
  model: string;
  /** What it is called upstream. */
  upstream: string;
  /** `ok`, `skipped (…)`, `empty_reply` (a finish with no text), or the error code a user would see. */
  result: string;
  ms: number;
}

export interface SmokeOptions {
  /** Also draw one picture per image model (each costs a few cents); off by default. */
  images?: boolean;
  /** Longest wait for one call. */
  timeoutMs?: number;
}

/** Enough to answer and cheap: the call stops at the first streamed text. */
const prompt = [{ role: 'user' as const, content: 'Reply with the single word: ok' }];

async function tryModel(endpoint: EndpointName, settings: EndpointSettings, model: string, timeoutMs: number): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const request = {
      model,
      modelAliases: settings.aliases,
      messages: prompt,
      options: { maxOutputTokens: 16 },
      apiKey: settings.serverKey!,
      baseURL: settings.baseURL,
      outbound: operatorChosen,
    };
    for await (const event of getProvider(endpoint).stream(request, controller.signal)) {
      // The first text (or picture) proves the call works; leaving the loop closes the upstream
      // stream, so the rest is not paid for. A finish before any is a reply the user sees empty.
      if (event.type === 'text' || event.type === 'image') return 'ok';
      if (event.type === 'finish') return 'empty_reply';
    }
    return controller.signal.aborted ? 'timeout' : 'no answer';
  } catch (error) {
    return toProviderError(error).code;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One tiny streamed call per configured endpoint (with a server key; `user_provided` endpoints
 * have none to test) and per model of its list (`X_MODELS` or the catalog's default aliases),
 * reporting ok or the error code a user would get. Calls run one after another, so rate limits
 * stay out of the way and the table reads in order.
 */
export async function runSmoke(env: Env, options: SmokeOptions = {}): Promise<SmokeRow[]> {
  const rows: SmokeRow[] = [];
  for (const endpoint of smokeEndpoints) {
    const settings = endpointSettings(env, endpoint);
    if (!settings.serverKey) continue;
    for (const model of parseModelList(settings.models, endpoint)) {
      const resolved = resolveModel(endpoint, model, settings.aliases);
      const started = Date.now();
      const result =
        resolved.api === 'image' && !options.images ? 'skipped (image model; --images to draw)' : await tryModel(endpoint, settings, model, options.timeoutMs ?? 60_000);
      rows.push({ endpoint, model, upstream: resolved.upstreamId, result, ms: Date.now() - started });
    }
  }
  return rows;
}

/** The rows as a plain-text table with aligned columns. */
export function smokeTable(rows: readonly SmokeRow[]): string {
  const header = ['endpoint', 'model', 'upstream', 'result', 'ms'];
  const cells = [header, ...rows.map((r) => [r.endpoint, r.model, r.upstream, r.result, String(r.ms)])];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}
