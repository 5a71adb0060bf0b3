import { chatGPTWebModels, defaultModels, endpointDefaults, modelCapabilities, modelDisplayName } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { chatGPTWebServedSlugs } from './chatgpt-web.ts';

describe("core's ChatGPT web models against what the web back end answers to", () => {
  it('offers only slugs the back end (and so the fake) serves, the spec default first', () => {
    for (const model of chatGPTWebModels) expect(chatGPTWebServedSlugs).toContain(model.slug);
    expect(defaultModels.chatGPTBrowser[0]).toBe(endpointDefaults.chatGPTBrowser.model);
  });

  it('gives every web slug, listed or not, the GPT-5 family capabilities and the picker a name', () => {
    expect(modelCapabilities('chatGPTBrowser', 'gpt-5-6-thinking')).toMatchObject({ reasoning: true, vision: true });
    expect(modelCapabilities('chatGPTBrowser', 'a-slug-from-next-month')).toMatchObject({ reasoning: true });
    expect(modelDisplayName('gpt-5-6-thinking')).toBe('GPT-5.6 Sol Thinking');
    expect(modelDisplayName('a-slug-from-next-month')).toBe('a-slug-from-next-month');
  });
});
