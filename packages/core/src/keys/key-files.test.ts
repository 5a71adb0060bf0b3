import { describe, expect, it } from 'vitest';
import { azureKeySchema, INVALID_SERVICE_ACCOUNT_MESSAGE, parseKeyFile, serviceAccountKeySchema } from './key-files.ts';

describe('key files', () => {
  const account = { client_email: 'bot@project.iam.gserviceaccount.com', project_id: 'project', private_key: 'k'.repeat(601) };

  it('accepts a service-account file with an email, a project and a full-length private key', () => {
    expect(parseKeyFile(serviceAccountKeySchema, JSON.stringify({ ...account, type: 'service_account' }), INVALID_SERVICE_ACCOUNT_MESSAGE)).toMatchObject({
      ok: true,
    });
  });

  it.each([
    ['not JSON', '{nope'],
    ['a bad email', JSON.stringify({ ...account, client_email: 'bot' })],
    ['a short project id', JSON.stringify({ ...account, project_id: 'pr' })],
    ['a 600-character private key', JSON.stringify({ ...account, private_key: 'k'.repeat(600) })],
    ['a missing field', JSON.stringify({ client_email: account.client_email, project_id: 'project' })],
  ])('refuses a service-account file with %s, with the import error text', (_case, text) => {
    expect(parseKeyFile(serviceAccountKeySchema, text, INVALID_SERVICE_ACCOUNT_MESSAGE)).toEqual({
      ok: false,
      message: INVALID_SERVICE_ACCOUNT_MESSAGE,
    });
  });

  it('requires the Azure instance, version and key, leaving the deployment optional', () => {
    const azure = { azureOpenAIApiInstanceName: 'east', azureOpenAIApiVersion: '2024-10-21', azureOpenAIApiKey: 'k' };
    expect(azureKeySchema.safeParse(azure).success).toBe(true);
    expect(azureKeySchema.safeParse({ ...azure, azureOpenAIApiKey: ' ' }).success).toBe(false);
  });
});
