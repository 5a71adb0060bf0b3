import { describe, expect, it } from 'vitest';
import { answeringModel } from './model-picker.tsx';

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
