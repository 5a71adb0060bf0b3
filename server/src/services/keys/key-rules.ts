import {
  azureKeySchema,
  INVALID_AZURE_KEY_MESSAGE,
  INVALID_SERVICE_ACCOUNT_MESSAGE,
  keyExpiryProblem,
  parseKeyFile,
  resolveEndpoint,
  serviceAccountKeySchema,
  type EndpointName,
} from '@parley/core';
import type { Env } from '../../config/env.ts';
import { AppError } from '../../app/errors.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';

/** A 400 whose `data.fields` names the offending field, as zod failures do; `fieldMessage` may be an i18n key. */
const invalid = (field: string, message: string, fieldMessage = message) =>
  new AppError('validation', message, { fields: { [field]: fieldMessage } });

const expiryTexts: Record<string, string> = {
  'validation.key.expired': 'The expiry must be in the future.',
  'validation.key.tooLong': 'The expiry can be at most 30 days ahead.',
};

/** A key's `name`: an endpoint Parley knows (legacy aliases resolved), else `unknown_endpoint`. */
export function keyEndpoint(name: string): EndpointName {
  const endpoint = resolveEndpoint(name);
  if (!endpoint) throw new AppError('unknown_endpoint');
  return endpoint;
}

/** The key files some endpoints take instead of a plain key; each must have the shape its provider reads. */
function checkKeyShape(endpoint: EndpointName, value: string) {
  // Google takes a Gemini API key as is, or a service-account file for Vertex.
  if (endpoint === 'google' && value.startsWith('{')) {
    const parsed = parseKeyFile(serviceAccountKeySchema, value, INVALID_SERVICE_ACCOUNT_MESSAGE);
    if (!parsed.ok) throw invalid('value', parsed.message);
  }
  if (endpoint === 'azureOpenAI') {
    const parsed = parseKeyFile(azureKeySchema, value, INVALID_AZURE_KEY_MESSAGE);
    if (!parsed.ok) throw invalid('value', parsed.message);
  }
}

/**
 * Whether a user may store this key: the endpoint must leave keys to its users
 * (`X_API_KEY=user_provided`), the expiry must be ahead and at most 30 days away, and a key
 * file must have its provider's shape.
 */
export function checkKeyToStore(env: Env, endpoint: EndpointName, value: string, expiresAt: Date, now = Date.now()) {
  if (!endpointSettings(env, endpoint).userProvide) {
    throw invalid('name', 'This endpoint does not take user-provided keys.', 'validation.key.notUserProvided');
  }
  const problem = keyExpiryProblem(expiresAt, now);
  if (problem) throw invalid('expiresAt', expiryTexts[problem] ?? problem, problem);
  checkKeyShape(endpoint, value);
}
