import { isKeyUsable, keyExpiryOptions } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { azureKeyValue, defaultKeyExpiry, emptyAzureFields, expiresAtFor, importServiceAccount } from './key-value.ts';

const now = Date.parse('2025-03-01T12:00:00.000Z');
const serviceAccount = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'parley-test',
    client_email: 'bot@parley-test.iam.gserviceaccount.com',
    private_key: `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(620)}\n-----END PRIVATE KEY-----\n`,
    ...overrides,
  });

describe('key expiry (SPEC points 4 and 9)', () => {
  it('offers 30 min, 2 h, 12 h, 1 d, 7 d and 30 d, with 12 h preselected', () => {
    expect(keyExpiryOptions.map((o) => o.id)).toEqual(['30m', '2h', '12h', '1d', '7d', '30d']);
    expect(defaultKeyExpiry).toBe('12h');
  });

  it('sends an expiry that far ahead, after which the key no longer counts', () => {
    const at = expiresAtFor('30m', now);
    expect(at).toBe('2025-03-01T12:30:00.000Z');
    expect(isKeyUsable(at, now + 29 * 60_000)).toBe(true);
    expect(isKeyUsable(at, now + 31 * 60_000)).toBe(false);
    expect(expiresAtFor('7d', now)).toBe('2025-03-08T12:00:00.000Z');
  });
});

describe('service-account import (SPEC point 5)', () => {
  it('accepts a file with an email, a project and a full private key, keeping its JSON as the key', () => {
    const result = importServiceAccount(serviceAccount());
    expect(result.ok && result.clientEmail).toBe('bot@parley-test.iam.gserviceaccount.com');
    expect(result.ok && JSON.parse(result.value).project_id).toBe('parley-test');
  });

  it.each([
    ['not JSON', '{"client_email":'],
    ['a bad email', serviceAccount({ client_email: 'nobody' })],
    ['a short project id', serviceAccount({ project_id: 'ab' })],
    ['a private key of 600 characters', serviceAccount({ private_key: 'k'.repeat(600) })],
    ['no private key', serviceAccount({ private_key: undefined })],
  ])('refuses %s', (_case, text) => {
    expect(importServiceAccount(text).ok).toBe(false);
  });
});

describe('Azure key form (SPEC point 3)', () => {
  const filled = { ...emptyAzureFields, azureOpenAIApiInstanceName: 'east', azureOpenAIApiVersion: '2024-10-21', azureOpenAIApiKey: 'k' };

  it('builds the key JSON, leaving out an empty deployment name', () => {
    expect(JSON.parse(azureKeyValue(filled)!)).toEqual({ azureOpenAIApiInstanceName: 'east', azureOpenAIApiVersion: '2024-10-21', azureOpenAIApiKey: 'k' });
    expect(JSON.parse(azureKeyValue({ ...filled, azureOpenAIApiDeploymentName: 'gpt4' })!).azureOpenAIApiDeploymentName).toBe('gpt4');
  });

  it('has nothing to save while the instance, version or key is missing', () => {
    expect(azureKeyValue({ ...filled, azureOpenAIApiKey: ' ' })).toBeNull();
    expect(azureKeyValue({ ...filled, azureOpenAIApiVersion: '' })).toBeNull();
  });
});
