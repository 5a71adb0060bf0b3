import { describe, expect, it } from 'vitest';
import { endpointOrder } from './names.ts';
import { endpointCapabilities, supportsContinue } from './capabilities.ts';
import { defaultModels, modelDisplayName, parseModelList, withLastUsedFirst } from './models.ts';
import { aliasEntry } from '../models/lookup.ts';
import { defaultModelFor, endpointDefaults, newConversationOptions } from './defaults.ts';
import { upstreamModel } from './upstream.ts';

describe('per-endpoint defaults', () => {
  it('matches the defaults table of SPEC point 3', () => {
    expect(endpointDefaults.openAI).toMatchObject({ model: 'gpt-3.5-turbo', temperature: 1, top_p: 1, presence_penalty: 0, frequency_penalty: 0, chatGptLabel: null, promptPrefix: null });
    expect(endpointDefaults.google).toMatchObject({ model: 'chat-bison', temperature: 0.2, maxOutputTokens: 1024, topP: 0.95, topK: 40 });
    expect(endpointDefaults.anthropic).toMatchObject({ model: 'claude-1', temperature: 1, maxOutputTokens: 4000, topP: 0.7, topK: 5 });
    expect(endpointDefaults.bingAI).toMatchObject({ jailbreak: false, toneStyle: 'creative', invocationId: 1, systemMessage: null, context: null });
    expect(endpointDefaults.chatGPTBrowser).toEqual({ model: 'text-davinci-002-render-sha' });
    expect(endpointDefaults.gptPlugins).toMatchObject({
      temperature: 0.8, tools: [], agentOptions: { agent: 'functions', skipCompletion: true, model: 'gpt-3.5-turbo', temperature: 0 },
    });
  });

  it('lets the available model list override the default model', () => {
    expect(defaultModelFor('deepSeek', defaultModels.deepSeek)).toBe('deepseek-r1');
    expect(defaultModelFor('grok', defaultModels.grok)).toBe('grok-3');
    expect(defaultModelFor('openAI', defaultModels.openAI)).toBe('gpt-3.5-turbo');
    expect(defaultModelFor('openAI')).toBe('gpt-3.5-turbo');
  });

  it('fits the plugin agent model to the secondary list without mutating the defaults', () => {
    const options = newConversationOptions('gptPlugins', { models: ['gpt-4'], agentModels: ['gpt-4o-mini'] });
    expect(options.model).toBe('gpt-4');
    expect(options.agentOptions).toMatchObject({ model: 'gpt-4o-mini' });
    expect((endpointDefaults.gptPlugins.agentOptions as { model: string }).model).toBe('gpt-3.5-turbo');
  });
});

describe('model lists and table', () => {
  it('has a default list for every endpoint', () => {
    for (const name of endpointOrder) expect(defaultModels[name].length).toBeGreaterThan(0);
    expect(defaultModels.google).toEqual(['chat-bison', 'text-bison', 'codechat-bison']);
    expect(defaultModels.openAI).toContain('gpt-o3-mini');
  });

  it('parses X_MODELS and falls back to the defaults when blank', () => {
    expect(parseModelList(' a, ,b ', 'openAI')).toEqual(['a', 'b']);
    expect(parseModelList('', 'bingAI')).toEqual(['BingAI', 'Sydney']);
  });

  it('lists the per-call cost of the model table and rations gpt-o3-mini to 30 a day', () => {
    expect(aliasEntry('gpt-4o')?.cost).toBe(10);
    expect(aliasEntry('gpt-4o-mini')?.cost).toBe(1);
    expect(aliasEntry('deepseek-r1')?.cost).toBe(1);
    expect(aliasEntry('gpt-4')?.cost).toBeNull();
    expect(aliasEntry('constructor')).toBeUndefined();
    expect(aliasEntry('gpt-o3-mini')).toMatchObject({ cost: 10, perDay: 30 });
    expect(modelDisplayName('grok-3-imageGen')).toBe('grok-3-image');
  });

  it('moves the last-used model to the front', () => {
    expect(withLastUsedFirst(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
    expect(withLastUsedFirst(['a', 'b'], 'z')).toEqual(['a', 'b']);
  });
});

describe('capabilities', () => {
  it('allows continue only on the six endpoints of SPEC point 4', () => {
    expect(endpointOrder.filter(supportsContinue)).toEqual(['azureOpenAI', 'openAI', 'gptPlugins', 'anthropic', 'deepSeek', 'grok']);
  });

  it('allows 5 uploads on openAI (and the vision endpoints) and one image on grok', () => {
    expect(endpointCapabilities.openAI.uploads).toEqual({ maxFiles: 5, imagesOnly: false });
    expect(endpointCapabilities.anthropic.uploads).toEqual({ maxFiles: 5, imagesOnly: false });
    expect(endpointCapabilities.grok.uploads).toEqual({ maxFiles: 1, imagesOnly: true });
    expect(endpointCapabilities.deepSeek.uploads).toBeNull();
  });
});

describe('upstream model mapping', () => {
  it('maps product ids to current upstream ids with their extra options', () => {
    expect(upstreamModel('openAI', 'gpt-o3-mini')).toEqual({ api: 'chat', id: 'gpt-6.1-terra', reasoningEffort: 'medium' });
    expect(upstreamModel('openAI', 'gpt-4o-image')).toEqual({ api: 'image', id: 'gpt-image-2.6-flare' });
    expect(upstreamModel('grok', 'grok-3-deepsearch')).toEqual({ api: 'chat', id: 'grok-4.3', liveSearch: true });
    expect(upstreamModel('grok', 'grok-3-reasoning')).toEqual({ api: 'chat', id: 'grok-4.3', reasoningEffort: 'high' });
    expect(upstreamModel('grok', 'grok-3-imageGen')).toEqual({ api: 'image', id: 'grok-imagine-image-2.0' });
    expect(upstreamModel('deepSeek', 'deepseek-r1')).toEqual({ api: 'chat', id: 'deepseek-v4-flash', thinking: true });
    expect(upstreamModel('anthropic', 'claude-instant-1').id).toBe('claude-haiku-5-5');
  });

  it('sends the PaLM ids to Gemini and passes current ids through', () => {
    expect(upstreamModel('google', 'text-bison')).toEqual({ api: 'chat', id: 'gemini-3.5-flash-lite' });
    // PaLM is shut down on Vertex: a versioned bison id is passed through (and answered 404 upstream).
    expect(upstreamModel('google', 'text-bison@002')).toEqual({ api: 'chat', id: 'text-bison@002' });
    expect(upstreamModel('google', 'gemini-2.5-flash-lite')).toEqual({ api: 'chat', id: 'gemini-2.5-flash-lite' });
    expect(upstreamModel('openAI', 'gpt-6.1-sol')).toEqual({ api: 'chat', id: 'gpt-6.1-sol' });
    expect(upstreamModel('openAI', 'constructor')).toEqual({ api: 'chat', id: 'constructor' });
  });

  it('follows an operator override and keeps the product options', () => {
    expect(upstreamModel('grok', 'grok-3-deepsearch', { 'grok-3-deepsearch': 'grok-4.5' })).toEqual({ api: 'chat', id: 'grok-4.5', liveSearch: true });
    expect(upstreamModel('openAI', 'gpt-4o-image', { 'gpt-4o-image': 'gpt-image-2.6-sunburst' })).toEqual({ api: 'image', id: 'gpt-image-2.6-sunburst' });
  });
});
