import { thinks } from './upstream-models.ts';

/**
 * How Gemini models take their thinking settings (the @google/genai ThinkingConfig): 2.5 models a
 * `thinkingBudget` in tokens (0 = off, refused by Pro); Gemini 3 models a `thinkingLevel`, and
 * from Gemini 3.5 on the old budget is a user error (the SDK's own note); never both at once.
 */
export interface ThinkingConfig {
  thinkingBudget?: number;
  thinkingLevel?: string;
  includeThoughts?: boolean;
}

/** Tokens a thinking model spends thinking when the request sets no budget or level (dynamic thinking). */
const dynamicThinkingTokens = 1000;

const levelTokens: Record<string, number> = { minimal: 0, low: 256, medium: 512, high: dynamicThinkingTokens };

/** The Gemini generation of a model id (`gemini-3.7-flash` → 3.7), 0 when it names none. */
const generation = (model: string) => Number(/^gemini-(\d+(?:\.\d+)?)/.exec(model)?.[1] ?? 0);

/** Google's complaint about a model's thinking settings, or undefined when it takes them. */
export function thinkingRefusal(model: string, config: ThinkingConfig | undefined): string | undefined {
  const budget = config?.thinkingBudget;
  const level = config?.thinkingLevel?.toLowerCase();
  if (budget === undefined && level === undefined) return undefined;
  if (!thinks(model)) return 'Thinking is not supported by this model.';
  if (budget !== undefined && level !== undefined) return 'Only one of thinking_budget and thinking_level may be set.';
  if (level !== undefined) {
    if (generation(model) < 3) return 'Thinking level is not supported for this model. Use thinking_budget instead.';
    if (!(level in levelTokens)) return `Invalid value at 'generation_config.thinking_config.thinking_level' (type.googleapis.com/google.ai.generativelanguage.v1beta.ThinkingConfig.ThinkingLevel), "${config?.thinkingLevel}"`;
    if (level === 'minimal' && /pro/.test(model)) return 'Thinking level MINIMAL is not supported for this model.';
    return undefined;
  }
  if (generation(model) >= 3.5) return 'Thinking budget is not supported for this model. Use thinking_level instead.';
  if (budget === 0 && /pro/.test(model)) return 'Budget 0 is invalid. This model only works in thinking mode.';
  return undefined;
}

/**
 * Tokens the model thinks for: dynamic thinking when the request sets neither budget nor level,
 * else what the reply scripts, up to the budget or the level's share.
 */
export function thoughtTokens(model: string, config: ThinkingConfig | undefined, scripted: number): number {
  if (!thinks(model)) return 0;
  const level = config?.thinkingLevel?.toLowerCase();
  const budget = config?.thinkingBudget;
  if (level === undefined && budget === undefined) return dynamicThinkingTokens;
  return Math.min(level === undefined ? budget! : (levelTokens[level] ?? dynamicThinkingTokens), scripted);
}
