import { describe, expect, it } from 'vitest';
import { defaultModels } from '../endpoints/models.ts';
import { endpointOrder } from '../endpoints/names.ts';
import { endpointProviders, modelAliases, titleModels, upstreamModels } from './catalog.ts';
import { aliasEntry, isRetired, modelCapabilities, parseAliasOverrides, resolveModel, titleModelFor, upstreamInfo } from './lookup.ts';

describe('the model catalog', () => {
  it('has no default alias pointing at a model whose retirement day has passed', () => {
    const today = new Date();
    const stale = modelAliases
      .filter((a) => isRetired(upstreamInfo(a.upstream)!, today))
      .map((a) => `${a.alias} → ${a.upstream} (retired ${upstreamInfo(a.upstream)!.retires})`);
    expect(stale).toEqual([]);
  });

  it('points every alias and title model at a catalog model of the endpoint provider', () => {
    for (const a of modelAliases) {
      const info = upstreamInfo(a.upstream);
      expect(info, a.alias).toBeDefined();
      for (const endpoint of a.endpoints) expect(info!.provider, a.alias).toBe(endpointProviders[endpoint]);
    }
    for (const [provider, id] of Object.entries(titleModels)) {
      const info = upstreamInfo(id)!;
      expect(info.provider).toBe(provider);
      expect(info.api, 'titles never call an image model').toBe('chat');
      expect(isRetired(info)).toBe(false);
    }
  });

  it('keeps the spec ids as default lists, in the spec order', () => {
    expect(defaultModels.openAI).toEqual([
      'gpt-3.5-turbo', 'gpt-3.5-turbo-16k', 'gpt-3.5-turbo-0301', 'gpt-3.5-turbo-1106', 'gpt-3.5-turbo-0125',
      'text-davinci-003', 'gpt-4', 'gpt-4-0314', 'gpt-4-0613', 'gpt-4-1106-preview', 'gpt-4-0125-preview',
      'gpt-4o', 'gpt-4o-image', 'gpt-4o-mini', 'gpt-o1', 'gpt-o3', 'gpt-o3-mini',
    ]);
    expect(defaultModels.azureOpenAI).toEqual(defaultModels.openAI);
    expect(defaultModels.anthropic).toEqual(['claude-1', 'claude-1-100k', 'claude-instant-1', 'claude-instant-1-100k', 'claude-2']);
    expect(defaultModels.google).toEqual(['chat-bison', 'text-bison', 'codechat-bison']);
    expect(defaultModels.deepSeek).toEqual(['deepseek-r1']);
    expect(defaultModels.grok).toEqual(['grok-3', 'grok-3-deepsearch', 'grok-3-reasoning', 'grok-3-imageGen']);
  });

  it('charges the spec table costs', () => {
    const costs = Object.fromEntries(modelAliases.filter((a) => a.cost !== null).map((a) => [a.alias, a.cost]));
    expect(costs).toEqual({
      'gpt-4o': 10, 'gpt-4o-mini': 1, 'gpt-o3-mini': 10, 'gpt-4o-image': 10, 'grok-3-reasoning': 10,
      'grok-3-deepsearch': 10, 'grok-3-imageGen': 10, 'deepseek-r1': 1,
    });
    expect(aliasEntry('hasOwnProperty')).toBeUndefined();
  });

  it('describes every upstream model completely', () => {
    for (const info of upstreamModels.values()) {
      expect(info.contextWindow, info.id).toBeGreaterThan(0);
      expect(info.rates.prompt, info.id).toBeGreaterThanOrEqual(0);
      if (info.retires) expect(info.retires, info.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (info.api === 'image') expect(info.capabilities.imageOutput, info.id).toBe(true);
    }
  });
});

describe('catalog lookups', () => {
  it('resolves an alias only on endpoints of its provider', () => {
    expect(resolveModel('azureOpenAI', 'gpt-4o').upstreamId).toBe('gpt-6.1-terra');
    expect(resolveModel('anthropic', 'gpt-4o').upstreamId).toBe('gpt-4o');
    expect(resolveModel('anthropic', 'claude-1')).toMatchObject({ alias: 'claude-1', upstreamId: 'claude-haiku-5-5', api: 'chat' });
    expect(resolveModel('anthropic', 'claude-1').info?.label).toBe('Claude Haiku 5.5');
    expect(resolveModel('openAI', 'my-finetune').info).toBeUndefined();
  });

  it('reads capabilities and title models', () => {
    expect(modelCapabilities('openAI', 'gpt-4o-image').imageOutput).toBe(true);
    expect(modelCapabilities('deepSeek', 'deepseek-r1').reasoning).toBe(true);
    expect(modelCapabilities('openAI', 'unknown').vision).toBe(false);
    expect(titleModelFor('grok')).toBe('grok-4.3');
    expect(titleModelFor('bingAI')).toBeUndefined();
    for (const endpoint of endpointOrder) if (endpointProviders[endpoint]) expect(titleModelFor(endpoint, 'gpt-4o')).toBeTruthy();
    // Azure has only the operator's deployments: the conversation's own model, never a drawing one.
    expect(titleModelFor('azureOpenAI', 'gpt-o3')).toBe('gpt-o3');
    expect(titleModelFor('azureOpenAI', 'gpt-4o-image')).toBeUndefined();
    expect(titleModelFor('azureOpenAI')).toBeUndefined();
  });

  it('parses X_MODEL_ALIASES pairs and drops malformed ones', () => {
    expect(parseAliasOverrides(' claude-1 = claude-sonnet-4-6 ,bad,=x,a=b=c, gpt-4o=gpt-6-sol')).toEqual({
      'claude-1': 'claude-sonnet-4-6',
      'gpt-4o': 'gpt-6-sol',
    });
    expect(parseAliasOverrides(undefined)).toEqual({});
  });

  it('tells a retired model by its shutdown day', () => {
    const info = { ...upstreamInfo('claude-haiku-4-5')!, retires: '2026-11-30' };
    expect(isRetired(info, new Date('2026-11-29T23:00:00Z'))).toBe(false);
    expect(isRetired(info, new Date('2026-11-30T00:00:00Z'))).toBe(true);
  });
});
