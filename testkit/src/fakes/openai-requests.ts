import type { OpenAIFlavor } from './openai-errors.ts';
import { isImageModelId, refusedSampling, thinks } from './upstream-models.ts';

/** A refusal: the status and body the real service answers this request with. */
export interface Refusal {
  status: number;
  body: unknown;
}

export interface ChatRequestBody {
  model?: unknown;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  messages?: { role: string; content: unknown; reasoning_content?: unknown }[];
  max_tokens?: unknown;
  max_completion_tokens?: unknown;
  stop?: unknown;
  temperature?: unknown;
  top_p?: unknown;
  presence_penalty?: unknown;
  frequency_penalty?: unknown;
  reasoning_effort?: unknown;
  search_parameters?: unknown;
  /** DeepSeek V4: `{type: 'enabled'}` turns thinking on. */
  thinking?: { type?: string };
}

const invalid = (message: string, param: string | null, code: string | null, status = 400): Refusal => ({
  status,
  body: { error: { message, type: 'invalid_request_error', param, code } },
});

/** xAI answers in its own flat `{code, error}` shape, the code being the gRPC status wording. */
const xaiRefusal = (status: number, code: string, error: string): Refusal => ({ status, body: { code, error } });

/** What each service answers a model id it does not serve (for Azure: a deployment it does not have). */
export function unknownModel(flavor: OpenAIFlavor, model: string): Refusal {
  switch (flavor) {
    case 'azure':
      return {
        status: 404,
        body: {
          error: {
            code: 'DeploymentNotFound',
            message: 'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
          },
        },
      };
    case 'deepseek':
      return invalid('Model Not Exist', null, 'invalid_request_error');
    case 'xai':
      return xaiRefusal(
        404,
        'Some requested entity was not found',
        `The model ${model} does not exist or your team does not have access to it. Please ensure you're using the correct API key. If you believe this is an error, contact support@x.ai.`,
      );
    default:
      return invalid(`The model \`${model}\` does not exist or you do not have access to it.`, null, 'model_not_found', 404);
  }
}

/**
 * OpenAI refuses `max_tokens` on reasoning models, `stop` while they reason, and any sampling
 * setting the model does not take.
 */
function openAIRefusal(model: string, body: ChatRequestBody): Refusal | undefined {
  if (thinks(model) && body.max_tokens !== undefined) {
    return invalid("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'max_tokens', 'unsupported_parameter');
  }
  if (thinks(model) && body.reasoning_effort !== 'none' && body.stop !== undefined) {
    return invalid("Unsupported parameter: 'stop' is not supported with this model.", 'stop', 'unsupported_parameter');
  }
  const refused = refusedSampling(model, body as Record<string, unknown>, body.reasoning_effort === 'none');
  if (refused) return invalid(`Unsupported parameter: '${refused}' is not supported with this model.`, refused, 'unsupported_parameter');
  return undefined;
}

/**
 * The rules a Chat Completions request must follow on each service, checked as strictly as the
 * service does. `model` is the upstream model (for Azure: the deployment's model).
 */
export function chatRefusal(flavor: OpenAIFlavor, model: string, body: ChatRequestBody): Refusal | undefined {
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    if (flavor === 'xai') return xaiRefusal(400, 'Client specified an invalid argument', 'Empty messages are not allowed.');
    return invalid("Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", 'messages', 'empty_array');
  }
  if (isImageModelId(model)) return invalid(`The model \`${model}\` is not a chat model and cannot be used with /v1/chat/completions.`, 'model', 'invalid_model');
  if (flavor === 'openai' || flavor === 'azure') return openAIRefusal(model, body);
  if (flavor === 'deepseek' && body.thinking !== undefined && !['enabled', 'disabled'].includes(body.thinking?.type ?? '')) {
    return invalid(`Invalid thinking type: ${String(body.thinking?.type)}. Expected 'enabled' or 'disabled'.`, 'thinking', 'invalid_request_error');
  }
  if (flavor === 'deepseek' && body.messages.some((m) => m.reasoning_content !== undefined)) {
    // DeepSeek's reasoning guide: reasoning_content sent back in the history is a 400.
    return invalid('The reasoning_content is an intermediate result for display purposes only and should not be included in the context for inference.', 'messages', 'invalid_request_error');
  }
  if (flavor === 'xai') {
    if (body.search_parameters !== undefined) {
      return xaiRefusal(410, 'Client specified an invalid argument', 'Live search is deprecated. Please switch to the Agent Tools API: https://docs.x.ai/docs/guides/tools/overview');
    }
    if (body.reasoning_effort !== undefined && !thinks(model)) {
      return xaiRefusal(400, 'Client specified an invalid argument', `Model ${model} does not support parameter reasoningEffort.`);
    }
    const refused = refusedSampling(model, body as Record<string, unknown>) ?? (thinks(model) && body.stop !== undefined ? 'stop' : undefined);
    if (refused) return xaiRefusal(400, 'Client specified an invalid argument', `Model ${model} does not support parameter ${refused}.`);
  }
  return undefined;
}
