import { resolveModel, type EndpointName, type InputCapabilities, type ModelProvider } from '@parley/core';
import type { Env } from '../../config/env.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';

export interface ModelInputs extends InputCapabilities {
  provider?: ModelProvider;
  /** Characters of document text one request may carry. */
  documentBudget: number;
}

/** Documents take at most half the context window, at ~3 characters a token, and never more than this. */
const MAX_DOCUMENT_CHARS = 500_000;
/** For a model the catalog does not know (a live-listed or operator-set id). */
const UNKNOWN_MODEL_DOCUMENT_CHARS = 24_000;

/** What the model takes besides text, from the model catalog (after the operator's alias overrides). */
export function modelInputs(env: Env, endpoint: EndpointName, model: string): ModelInputs {
  const { info } = resolveModel(endpoint, model, endpointSettings(env, endpoint).aliases);
  if (!info) return { vision: false, documents: false, documentBudget: UNKNOWN_MODEL_DOCUMENT_CHARS };
  return {
    vision: info.capabilities.vision,
    documents: info.capabilities.documents,
    provider: info.provider,
    documentBudget: Math.min(MAX_DOCUMENT_CHARS, Math.floor(info.contextWindow * 1.5)),
  };
}

/**
 * Whether a PDF goes to the model as the file itself (Anthropic `document` blocks, Gemini inline
 * data, OpenAI `file` parts) rather than as its extracted text.
 */
export function readsPdfNatively(inputs: ModelInputs): boolean {
  return inputs.documents && (inputs.provider === 'anthropic' || inputs.provider === 'google' || inputs.provider === 'openai');
}
