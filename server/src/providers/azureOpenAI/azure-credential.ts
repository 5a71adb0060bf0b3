import { z } from 'zod';
import { ProviderError } from '../provider-error.ts';

/** The Azure key file of SPEC point 3, stored as the endpoint's credential. */
const azureCredentialSchema = z.object({
  azureOpenAIApiInstanceName: z.string().min(1),
  azureOpenAIApiDeploymentName: z.string().optional(),
  azureOpenAIApiVersion: z.string().min(1),
  azureOpenAIApiKey: z.string().min(1),
});

export type AzureCredential = z.infer<typeof azureCredentialSchema>;

export function parseAzureCredential(apiKey: string): AzureCredential {
  let json: unknown;
  try {
    json = JSON.parse(apiKey);
  } catch {
    throw new ProviderError('invalid_api_key', 'Azure credential is not JSON');
  }
  const parsed = azureCredentialSchema.safeParse(json);
  if (!parsed.success) throw new ProviderError('invalid_api_key', `Azure credential: ${parsed.error.message}`);
  return parsed.data;
}

/** Azure deployment names cannot hold dots, so `gpt-3.5-turbo` is deployed as `gpt-35-turbo`. */
export const deploymentFor = (credential: AzureCredential, upstreamId: string) =>
  credential.azureOpenAIApiDeploymentName?.trim() || upstreamId.replace(/\./g, '');
