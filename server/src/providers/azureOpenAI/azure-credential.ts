import { azureKeySchema, type AzureKey } from '@parley/core';
import { checkOutboundUrl, OutboundUrlError, type OutboundPolicy } from '../../net/outbound-url.ts';
import { ProviderError } from '../provider-error.ts';

/** The Azure key file of SPEC point 3, stored as the endpoint's credential. */
export type AzureCredential = AzureKey;

export function parseAzureCredential(apiKey: string): AzureCredential {
  let json: unknown;
  try {
    json = JSON.parse(apiKey);
  } catch {
    throw new ProviderError('invalid_api_key', 'Azure credential is not JSON');
  }
  const parsed = azureKeySchema.safeParse(json);
  if (!parsed.success) throw new ProviderError('invalid_api_key', `Azure credential: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The deployment that serves a model: the key's deployment map (by Parley's model id, then the
 * upstream id), else the key's one deployment name, else the model id without dots (Azure
 * deployment names cannot hold dots, so `gpt-3.5-turbo` is deployed as `gpt-35-turbo`).
 */
export function deploymentFor(credential: AzureCredential, model: string, upstreamId: string): string {
  const map = credential.azureOpenAIApiDeployments ?? {};
  const mapped = (Object.hasOwn(map, model) ? map[model] : undefined) ?? (Object.hasOwn(map, upstreamId) ? map[upstreamId] : undefined);
  return mapped || credential.azureOpenAIApiDeploymentName?.trim() || upstreamId.replace(/\./g, '');
}

/**
 * `https://{instance}.openai.azure.com/openai`. The instance name is user input that becomes a
 * host name, so it may hold only what an Azure resource name can (letters, digits, hyphens):
 * `evil.com#` must not turn the address into evil.com. The URL then passes the outbound policy.
 */
export function azureInstanceRoot(instanceName: string, policy: OutboundPolicy): string {
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/i.test(instanceName)) {
    throw new OutboundUrlError('The Azure instance name may hold only letters, digits and hyphens.');
  }
  return checkOutboundUrl(`https://${instanceName}.openai.azure.com/openai`, policy).href;
}
