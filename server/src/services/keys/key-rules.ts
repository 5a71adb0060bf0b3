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
import { checkOutboundUrl, OutboundUrlError, outboundPolicy } from '../../net/outbound-url.ts';
import { azureInstanceRoot } from '../../providers/azureOpenAI/azure-credential.ts';
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

/** An address inside a key must pass the outbound policy now, not only at the first chat. */
function checkAddress(build: () => unknown) {
  try {
    build();
  } catch (error) {
    if (error instanceof OutboundUrlError) throw invalid('value', `This key points somewhere Parley may not connect to: ${error.message}`);
    throw error;
  }
}

/**
 * The key files some endpoints take instead of a plain key; each must have the shape its
 * provider reads, and the addresses in it (a token_uri, an Azure instance) must be allowed.
 */
function checkKeyFile(env: Env, endpoint: EndpointName, value: string) {
  const policy = outboundPolicy(env);
  // Google takes a Gemini API key as is, or a service-account file for Vertex.
  if (endpoint === 'google' && value.startsWith('{')) {
    const parsed = parseKeyFile(serviceAccountKeySchema, value, INVALID_SERVICE_ACCOUNT_MESSAGE);
    if (!parsed.ok) throw invalid('value', parsed.message);
    const tokenUri = parsed.value.token_uri;
    if (tokenUri !== undefined) checkAddress(() => checkOutboundUrl(String(tokenUri), policy));
  }
  if (endpoint === 'azureOpenAI') {
    const parsed = parseKeyFile(azureKeySchema, value, INVALID_AZURE_KEY_MESSAGE);
    if (!parsed.ok) throw invalid('value', parsed.message);
    checkAddress(() => azureInstanceRoot(parsed.value.azureOpenAIApiInstanceName, policy));
  }
}

/**
 * Whether a user may store this key: the endpoint must leave keys to its users
 * (`X_API_KEY=user_provided`), the expiry must be ahead and at most 30 days away, and a key
 * file must have its provider's shape and lead only where the outbound policy allows.
 */
export function checkKeyToStore(env: Env, endpoint: EndpointName, value: string, expiresAt: Date, now = Date.now()) {
  if (!endpointSettings(env, endpoint).userProvide) {
    throw invalid('name', 'This endpoint does not take user-provided keys.', 'validation.key.notUserProvided');
  }
  const problem = keyExpiryProblem(expiresAt, now);
  if (problem) throw invalid('expiresAt', expiryTexts[problem] ?? problem, problem);
  checkKeyFile(env, endpoint, value);
}
