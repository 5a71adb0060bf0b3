import {
  azureKeySchema,
  DEFAULT_KEY_EXPIRY,
  INVALID_SERVICE_ACCOUNT_MESSAGE,
  keyExpiryOptions,
  parseKeyFile,
  serviceAccountKeySchema,
  type AzureKey,
} from '@parley/core';

export type KeyExpiryId = (typeof keyExpiryOptions)[number]['id'];

export const defaultKeyExpiry: KeyExpiryId = DEFAULT_KEY_EXPIRY;

/** The `expiresAt` sent with `PUT /api/keys` for a lifetime picked in the dialog (SPEC points 4 and 9). */
export function expiresAtFor(id: KeyExpiryId, now: number = Date.now()): string {
  const option = keyExpiryOptions.find((o) => o.id === id) ?? keyExpiryOptions.find((o) => o.id === defaultKeyExpiry)!;
  return new Date(now + option.ms).toISOString();
}

export type ServiceAccountImport = { ok: true; value: string; clientEmail: string } | { ok: false };

/**
 * SPEC point 5: a service-account file must be JSON with client_email (an address, 3+),
 * project_id (3+) and private_key (601+ characters). The stored value is the file's JSON.
 */
export function importServiceAccount(text: string): ServiceAccountImport {
  const parsed = parseKeyFile(serviceAccountKeySchema, text, INVALID_SERVICE_ACCOUNT_MESSAGE);
  if (!parsed.ok) return { ok: false };
  return { ok: true, value: JSON.stringify(parsed.value), clientEmail: parsed.value.client_email };
}

export type AzureFields = Record<keyof AzureKey, string>;

export const emptyAzureFields: AzureFields = {
  azureOpenAIApiInstanceName: '',
  azureOpenAIApiDeploymentName: '',
  azureOpenAIApiDeployments: '',
  azureOpenAIApiVersion: '',
  azureOpenAIImagesApiVersion: '',
  azureOpenAIApiKey: '',
};

/**
 * The Azure key JSON of SPEC point 3 from the form, or null while a required field is empty.
 * Empty optional fields are left out; the deployment list is stored as its model → deployment map.
 */
export function azureKeyValue(fields: AzureFields): string | null {
  const parsed = azureKeySchema.safeParse(fields);
  if (!parsed.success) return null;
  const kept = Object.entries(parsed.data).filter(([, value]) => (typeof value === 'string' ? value !== '' : Object.keys(value ?? {}).length > 0));
  return JSON.stringify(Object.fromEntries(kept));
}
