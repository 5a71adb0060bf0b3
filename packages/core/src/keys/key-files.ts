import { z } from 'zod';

/** The text shown when an imported service-account file lacks what Vertex needs (SPEC point 5). */
export const INVALID_SERVICE_ACCOUNT_MESSAGE = 'Invalid Service Account JSON Key, Did you import the correct file?';
export const SERVICE_ACCOUNT_IMPORTED_MESSAGE = 'Successfully Imported Service Account JSON Key';

/**
 * A cloud service-account key file (SPEC points 3 and 5). A real PEM private key is far longer
 * than 600 characters, so a shorter one means the wrong file was picked.
 */
export const serviceAccountKeySchema = z.looseObject({
  client_email: z.email(INVALID_SERVICE_ACCOUNT_MESSAGE).min(3, INVALID_SERVICE_ACCOUNT_MESSAGE),
  project_id: z.string(INVALID_SERVICE_ACCOUNT_MESSAGE).min(3, INVALID_SERVICE_ACCOUNT_MESSAGE),
  private_key: z.string(INVALID_SERVICE_ACCOUNT_MESSAGE).min(601, INVALID_SERVICE_ACCOUNT_MESSAGE),
});
export type ServiceAccountKey = z.infer<typeof serviceAccountKeySchema>;

export const INVALID_AZURE_KEY_MESSAGE = 'Invalid Azure OpenAI key: it needs the instance name, API version and API key.';

/**
 * `model=deployment,model=deployment` (the `AZURE_OPENAI_DEPLOYMENTS` form) as a map; malformed
 * pairs are skipped.
 */
export function parseDeploymentList(list: string): Record<string, string> {
  const pairs = list.split(',').map((pair) => pair.split('=').map((part) => part.trim()));
  return Object.fromEntries(pairs.filter((p): p is [string, string] => p.length === 2 && p[0] !== '' && p[1] !== ''));
}

const deploymentMap = z
  .union([z.string().transform(parseDeploymentList), z.record(z.string().trim().min(1), z.string().trim().min(1))])
  .optional();

/**
 * The Azure key of SPEC point 3. The deployment name may be left empty: Parley then derives it
 * from the model id, as the Azure provider does. An Azure resource deploys each model under its
 * own name: `azureOpenAIApiDeployments` maps model → deployment (`{"gpt-4o": "chat-4o"}` or
 * `"gpt-4o=chat-4o,o3-mini=reason"`); image models may need a newer API version of their own.
 */
export const azureKeySchema = z.object({
  azureOpenAIApiInstanceName: z.string(INVALID_AZURE_KEY_MESSAGE).trim().min(1, INVALID_AZURE_KEY_MESSAGE),
  azureOpenAIApiDeploymentName: z.string().trim().optional(),
  azureOpenAIApiDeployments: deploymentMap,
  azureOpenAIApiVersion: z.string(INVALID_AZURE_KEY_MESSAGE).trim().min(1, INVALID_AZURE_KEY_MESSAGE),
  azureOpenAIImagesApiVersion: z.string().trim().optional(),
  azureOpenAIApiKey: z.string(INVALID_AZURE_KEY_MESSAGE).trim().min(1, INVALID_AZURE_KEY_MESSAGE),
});
export type AzureKey = z.infer<typeof azureKeySchema>;

/** Parses JSON text against a key-file schema; any failure (bad JSON included) yields `message`. */
export function parseKeyFile<T>(schema: z.ZodType<T>, text: string, message: string): { ok: true; value: T } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message };
}
