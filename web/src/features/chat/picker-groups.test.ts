import type { EndpointName } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { answeringModel, familiesOf, pickerGroups } from './picker-groups.ts';

describe('the model that answers an alias', () => {
  it('names the catalog model behind a spec id, and nothing for an upstream id', () => {
    expect(answeringModel('anthropic', 'claude-1')).toBe('Claude Haiku 5.5');
    expect(answeringModel('openAI', 'gpt-4o-image')).toBe('GPT Image 2.6 Flare');
    expect(answeringModel('openAI', 'gpt-6-sol')).toBeUndefined();
    expect(answeringModel('openAI', 'my-finetune')).toBeUndefined();
  });

  it("follows the operator's X_MODEL_ALIASES override", () => {
    expect(answeringModel('anthropic', 'claude-1', { 'claude-1': 'claude-sonnet-4-6' })).toBe('Claude Sonnet 4.6');
    expect(answeringModel('anthropic', 'claude-2', { 'claude-1': 'claude-sonnet-4-6' })).toBe('Claude Sonnet 5.5');
  });
});

describe('the spec ids grouped under the model that answers them', () => {
  it('puts each alias under its answering model, with the upstream id itself in that group, and a lone id on its own', () => {
    expect(familiesOf('openAI', ['gpt-3.5-turbo', 'gpt-4', 'gpt-4o', 'gpt-4o-mini', 'gpt-6.1-terra', 'my-finetune'])).toEqual([
      { answering: 'GPT-6 Luna', models: ['gpt-3.5-turbo', 'gpt-4o-mini'] },
      { answering: 'GPT-6.1 Sol', models: ['gpt-4'] },
      { answering: 'GPT-6.1 Terra', models: ['gpt-4o', 'gpt-6.1-terra'] },
      { models: ['my-finetune'] },
    ]);
  });
});

describe('the picker lists each model once', () => {
  const lists: Partial<Record<EndpointName, string[]>> = {
    openAI: ['gpt-4o', 'gpt-4'],
    gptPlugins: ['gpt-4', 'gpt-4o'],
    anthropic: ['claude-2'],
  };
  const groups = (current: EndpointName, query = '') => pickerGroups(['openAI', 'gptPlugins', 'anthropic'], current, (e) => lists[e] ?? [], query, () => undefined);

  it('shows an endpoint offering the very models of another as one row that switches to it', () => {
    expect(groups('openAI').map((g) => ('sameAs' in g ? `${g.endpoint}→${g.sameAs}` : g.endpoint))).toEqual(['openAI', 'gptPlugins→openAI', 'anthropic']);
  });

  it('lists the current endpoint in full, the other as the row', () => {
    expect(groups('gptPlugins').map((g) => ('sameAs' in g ? `${g.endpoint}→${g.sameAs}` : g.endpoint))).toEqual(['openAI→gptPlugins', 'gptPlugins', 'anthropic']);
  });

  it('narrows to what the search matches: models by id or answering model, the row by its provider name', () => {
    expect(groups('openAI', 'sonnet')).toEqual([{ endpoint: 'anthropic', families: [{ answering: 'Claude Sonnet 5.5', models: ['claude-2'] }] }]);
    expect(groups('openAI', 'plugins')).toEqual([{ endpoint: 'gptPlugins', sameAs: 'openAI' }]);
  });
});
