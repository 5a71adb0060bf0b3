import { createHash } from 'node:crypto';
import { sendJson, type FakeContext } from './fake-server.ts';
import type { Refusal } from './openai-requests.ts';
import { servedEmbeddingModel } from './served-models.ts';

interface EmbeddingsBody {
  input?: unknown;
  encoding_format?: unknown;
  dimensions?: unknown;
}

const invalid = (message: string, param: string | null): Refusal => ({ status: 400, body: { error: { message, type: 'invalid_request_error', param, code: null } } });

const isTokens = (value: unknown): value is number[] => Array.isArray(value) && value.length > 0 && value.every((n) => Number.isInteger(n) && n >= 0);

/** The inputs of a body as OpenAI reads them, or its refusal: a string, strings, tokens or token arrays, none empty. */
function inputsOf(input: unknown): unknown[] | Refusal {
  const refusal = invalid("'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.", 'input');
  if (typeof input === 'string') return input === '' ? refusal : [input];
  if (isTokens(input)) return [input];
  if (!Array.isArray(input) || input.length === 0 || input.length > 2048) return refusal;
  return input.every((item) => (typeof item === 'string' && item !== '') || isTokens(item)) ? input : refusal;
}

/** A unit vector that depends only on the input, so a test can compare answers. */
function vectorOf(input: unknown, dimensions: number): number[] {
  const seed = createHash('sha256').update(JSON.stringify(input)).digest();
  const raw = Array.from({ length: dimensions }, (_, i) => seed[i % seed.length]! / 255 - 0.5 + i / (dimensions * 1000));
  const norm = Math.sqrt(raw.reduce((sum, x) => sum + x * x, 0));
  return raw.map((x) => x / norm);
}

const base64Of = (vector: number[]) => Buffer.from(new Float32Array(vector).buffer).toString('base64');

/** `POST /v1/embeddings`, as strict as OpenAI: the model must be one it serves for embeddings (never what Parley's catalog says), `dimensions` only shortens a text-embedding-3 model. */
export function embeddings(ctx: FakeContext, model: string): void {
  const body = (ctx.recorded.body ?? {}) as EmbeddingsBody;
  const info = servedEmbeddingModel(model);
  const inputs = inputsOf(body.input);
  const dimensions = body.dimensions ?? info?.dimensions;
  const refusal =
    !info ? invalid(`The model \`${model}\` does not support embeddings.`, 'model')
    : !Array.isArray(inputs) ? inputs
    : body.dimensions !== undefined && (!info.shortens || !Number.isInteger(body.dimensions) || (body.dimensions as number) < 1 || (body.dimensions as number) > info.dimensions)
      ? invalid(`This model does not support specifying dimensions.`, 'dimensions')
    : body.encoding_format !== undefined && body.encoding_format !== 'float' && body.encoding_format !== 'base64'
      ? invalid(`'${String(body.encoding_format)}' is not one of ['float', 'base64'] - 'encoding_format'`, 'encoding_format')
    : undefined;
  if (refusal) return sendJson(ctx.res, refusal.status, refusal.body);
  const list = inputs as unknown[];
  const tokens = list.reduce<number>((n, item) => n + (typeof item === 'string' ? item.split(/\s+/).filter(Boolean).length : (item as number[]).length), 0);
  sendJson(ctx.res, 200, {
    object: 'list',
    data: list.map((item, index) => {
      const vector = vectorOf(item, dimensions as number);
      return { object: 'embedding', index, embedding: body.encoding_format === 'base64' ? base64Of(vector) : vector };
    }),
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}
