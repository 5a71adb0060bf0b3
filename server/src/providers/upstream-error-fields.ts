/**
 * The structured fields of an upstream error body, whatever its provider's shape:
 * - OpenAI / DeepSeek / Azure: `{error: {message, type, param, code, innererror?: {code}}}`
 * - Anthropic: `{type: 'error', error: {type, message}}`
 * - Google (Gemini, Vertex): `{error: {code, message, status, details: [{'@type', reason…}]}}`
 * - xAI: `{code: '<gRPC status wording>', error: '<message>'}`
 */
export interface UpstreamErrorFields {
  /** OpenAI-style `error.code` (`insufficient_quota`, `model_not_found`, Azure `content_filter`…). */
  code?: string;
  /** OpenAI `error.type` or Anthropic `error.type`. */
  type?: string;
  /** Google `error.status` (`RESOURCE_EXHAUSTED`, `NOT_FOUND`…). */
  status?: string;
  param?: string;
  /** Azure `error.innererror.code` (`ResponsibleAIPolicyViolation`). */
  innerCode?: string;
  /** `google.rpc.ErrorInfo` reasons (`API_KEY_INVALID`…). */
  reasons: string[];
  /** A `google.rpc.RetryInfo` detail: the limit lifts by itself after a delay. */
  retryInfo: boolean;
  /** That RetryInfo's `retryDelay` (a Duration such as `"23s"`). */
  retryDelay?: string;
  /** `error.message`, read only where a provider has no field for the case (DeepSeek's unknown model). */
  message?: string;
  /** xAI's flat body: its gRPC status wording and message, the only fields it has. */
  xai?: { code: string; error: string };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined);

function parse(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Reads the structured fields out of an error body; a body that is not JSON has none. */
export function upstreamErrorFields(body: string): UpstreamErrorFields {
  const json = parse(body) as Record<string, unknown> | undefined;
  const fields: UpstreamErrorFields = { reasons: [], retryInfo: false };
  if (!json || typeof json !== 'object') return fields;
  if (typeof json.error === 'string' && typeof json.code === 'string') {
    fields.xai = { code: json.code, error: json.error };
    return fields;
  }
  const error = (Array.isArray(json) ? (json[0] as Record<string, unknown>)?.error : json.error) as Record<string, unknown> | undefined;
  if (!error || typeof error !== 'object') return fields;
  fields.type = text(error.type);
  fields.status = text(error.status);
  fields.param = text(error.param);
  fields.message = text(error.message);
  // Google puts the HTTP status number in `code`; only a word is an OpenAI-style code.
  fields.code = typeof error.code === 'string' ? error.code : undefined;
  fields.innerCode = text((error.innererror as Record<string, unknown> | undefined)?.code);
  for (const detail of Array.isArray(error.details) ? (error.details as Record<string, unknown>[]) : []) {
    const kind = String(detail?.['@type'] ?? '');
    if (kind.endsWith('google.rpc.ErrorInfo') && typeof detail.reason === 'string') fields.reasons.push(detail.reason);
    if (kind.endsWith('google.rpc.RetryInfo')) {
      fields.retryInfo = true;
      fields.retryDelay = text(detail.retryDelay);
    }
  }
  return fields;
}
