import type { EndpointName } from '@parley/core';
import type { Env } from '../../config/env.ts';
import { endpointEnvPrefixes } from '../../config/env.ts';
import { AppError } from '../../http/errors.ts';

export interface Credentials {
  apiKey: string;
  baseURL?: string;
}

/** gptPlugins runs on the OpenAI account; every other endpoint has its own variables. */
function envPrefix(endpoint: EndpointName): string {
  if (endpoint === 'gptPlugins') return endpointEnvPrefixes.openAI;
  return endpointEnvPrefixes[endpoint];
}

/**
 * The server's credential for an endpoint. An endpoint without a key is not enabled; one whose
 * key is `user_provided` needs the user's own key, which this server does not hold yet.
 */
export function resolveCredentials(env: Env, endpoint: EndpointName): Credentials {
  const prefix = envPrefix(endpoint);
  const apiKey = env[`${prefix}_API_KEY`];
  if (!apiKey) throw new AppError('unknown_endpoint');
  if (apiKey === 'user_provided') throw new AppError('no_user_key');
  return { apiKey, baseURL: env[`${prefix}_BASE_URL`] };
}
