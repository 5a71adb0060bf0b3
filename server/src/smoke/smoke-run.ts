import { modelCapabilities, parseModelList, resolveModel, type EndpointName } from '@parley/core';
import type { Env } from '../config/env.ts';
import { deploymentFor, parseAzureCredential } from '../providers/azureOpenAI/azure-credential.ts';
import { endpointSettings, type EndpointSettings } from '../services/endpoints/endpoint-settings.ts';
import { callModel, callTool, type CheckResult } from './smoke-checks.ts';

/** The endpoints with a chat provider; gptPlugins runs on the OpenAI account and is checked there. */
const smokeEndpoints: readonly EndpointName[] = ['openAI', 'azureOpenAI', 'anthropic', 'google', 'deepSeek', 'grok'];

/** What a row checks: a plain chat call per model, or (with `--deep`) one vision, tools and drawing call per endpoint. */
type SmokeCheck = 'chat' | 'vision' | 'tools' | 'image';

export interface SmokeRow extends CheckResult {
  endpoint: EndpointName;
  check: SmokeCheck;
  /** Parley's model id, as the picker offers it. */
  model: string;
  /** What it is called upstream; on Azure, the deployment that serves it too. */
  upstream: string;
  ms: number;
}

export interface SmokeOptions {
  /** Also draw one picture per image model (each costs a few cents); off by default. */
  images?: boolean;
  /** Per endpoint, also one picture to read (vision), one tool call and one drawing. */
  deep?: boolean;
  /** Longest wait for one call. */
  timeoutMs?: number;
}

const isSkipped = (row: Pick<SmokeRow, 'result'>) => row.result.startsWith('skipped');
export const isFailed = (row: Pick<SmokeRow, 'result'>) => row.result !== 'ok' && !isSkipped(row);

/** The upstream column: the model id, and on Azure the deployment the call goes to (what the operator must have created). */
function upstreamLabel(endpoint: EndpointName, settings: EndpointSettings, model: string): string {
  const upstreamId = resolveModel(endpoint, model, settings.aliases).upstreamId;
  if (endpoint !== 'azureOpenAI') return upstreamId;
  try {
    return `${upstreamId} (deployment ${deploymentFor(parseAzureCredential(settings.serverKey!), model, upstreamId)})`;
  } catch {
    return upstreamId;
  }
}

/** The first model of the list that can do `check` (a drawing model for `image`). */
function modelFor(endpoint: EndpointName, models: string[], settings: EndpointSettings, check: Exclude<SmokeCheck, 'chat'>): string | undefined {
  return models.find((model) => {
    const isImage = resolveModel(endpoint, model, settings.aliases).api === 'image';
    if (check === 'image') return isImage;
    const capabilities = modelCapabilities(endpoint, model, settings.aliases);
    return !isImage && (check === 'vision' ? capabilities.vision : capabilities.tools);
  });
}

async function timed(row: Omit<SmokeRow, 'ms' | 'result'>, run: () => Promise<CheckResult>): Promise<SmokeRow> {
  const started = Date.now();
  const result = await run();
  return { ...row, ...result, ms: Date.now() - started };
}

/**
 * One tiny streamed call per configured endpoint (with a server key; `user_provided` endpoints
 * have none to test) and per model of its list (`X_MODELS` or the catalog's default aliases),
 * reporting ok or the error code a user would get with the upstream's status and words. With
 * `deep`, each endpoint also reads a picture, calls a tool and draws one picture. Calls run one
 * after another, so rate limits stay out of the way and the table reads in order.
 */
export async function runSmoke(env: Env, options: SmokeOptions = {}): Promise<SmokeRow[]> {
  const rows: SmokeRow[] = [];
  const timeoutMs = options.timeoutMs ?? 60_000;
  for (const endpoint of smokeEndpoints) {
    const settings = endpointSettings(env, endpoint);
    if (!settings.serverKey) continue;
    const models = parseModelList(settings.models, endpoint);
    const rowOf = (check: SmokeCheck, model: string) => ({ endpoint, check, model, upstream: upstreamLabel(endpoint, settings, model) });
    for (const model of models) {
      const image = resolveModel(endpoint, model, settings.aliases).api === 'image';
      if (image && !options.images) rows.push({ ...rowOf('chat', model), result: 'skipped (image model; --images to draw)', ms: 0 });
      else rows.push(await timed(rowOf('chat', model), () => callModel(endpoint, settings, model, image ? 'image' : 'chat', timeoutMs)));
    }
    if (!options.deep) continue;
    for (const check of ['vision', 'tools', 'image'] as const) {
      const model = modelFor(endpoint, models, settings, check);
      if (!model) rows.push({ endpoint, check, model: '-', upstream: '-', result: `skipped (no ${check} model listed)`, ms: 0 });
      else if (check === 'tools') rows.push(await timed(rowOf(check, model), () => callTool(endpoint, settings, model, timeoutMs)));
      else rows.push(await timed(rowOf(check, model), () => callModel(endpoint, settings, model, check, timeoutMs)));
    }
  }
  return rows;
}

/** The rows as a plain-text table with aligned columns. */
export function smokeTable(rows: readonly SmokeRow[]): string {
  const header = ['endpoint', 'check', 'model', 'upstream', 'result', 'ms'];
  const cells = [header, ...rows.map((r) => [r.endpoint, r.check, r.model, r.upstream, r.result, String(r.ms)])];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** Under the table: what the upstream answered each failed row, then the count of each outcome. */
export function smokeReport(rows: readonly SmokeRow[]): string {
  const failed = rows.filter(isFailed);
  const lines = failed.map((r) => `${r.endpoint} ${r.check} ${r.model}: ${r.result}, upstream ${r.upstreamStatus ?? 'no status'}: ${r.upstreamMessage ?? '(no answer)'}`);
  const ok = rows.filter((r) => r.result === 'ok').length;
  const skipped = rows.filter(isSkipped).length;
  const summary = `${ok} ok, ${failed.length} failed, ${skipped} skipped (of ${rows.length})`;
  return [...(lines.length > 0 ? ['Failed:', ...lines.map((l) => `  ${l}`), ''] : []), summary].join('\n');
}
