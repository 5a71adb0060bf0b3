import { familyOf } from './families.ts';
import type { ModelCapabilities } from './types.ts';

/** One model the ChatGPT web back end (`/backend-api/conversation`) answers as, by its slug. */
export interface ChatGPTWebModel {
  slug: string;
  label: string;
  capabilities: ModelCapabilities;
  contextWindow: number;
}

/** Every web slug today is a GPT-5-generation model (or routes to one), so it takes that family's capabilities. */
const gpt5Family = familyOf('openai', 'gpt-5')!;
const web = (slug: string, label: string): ChatGPTWebModel => ({ slug, label, ...gpt5Family });

/** SPEC point 3's default of chatGPTBrowser; the back end answers it with its current default model. */
export const chatGPTWebDefaultModel = 'text-davinci-002-render-sha';

/*
 * The slugs ChatGPT's web model picker sends as `model` (checked 2026-11-27 against public
 * open-source web clients and reverse proxies of the chat2api family, which list `auto`, the
 * GPT-5.6 Sol modes and the GPT-5.5 modes, and map the legacy default to the current one).
 * Operators override the list with CHATGPT_BROWSER_MODELS when an account sees others.
 */
export const chatGPTWebModels: readonly ChatGPTWebModel[] = [
  web(chatGPTWebDefaultModel, 'Default'),
  web('auto', 'Auto'),
  web('gpt-5-6', 'GPT-5.6 Sol'),
  web('gpt-5-6-thinking', 'GPT-5.6 Sol Thinking'),
  web('gpt-5-6-pro', 'GPT-5.6 Sol Pro'),
  web('gpt-5-5-instant', 'GPT-5.5 Instant'),
  web('gpt-5-5-thinking', 'GPT-5.5 Thinking'),
  web('gpt-5-3-mini', 'GPT-5.3 mini'),
];

const bySlug: ReadonlyMap<string, ChatGPTWebModel> = new Map(chatGPTWebModels.map((m) => [m.slug, m]));

/** The picker's name of a listed web slug (`gpt-5-6-thinking` → GPT-5.6 Sol Thinking); undefined for any other id. */
export function chatGPTWebLabel(slug: string): string | undefined {
  return bySlug.get(slug)?.label;
}

/** The web model of a slug; an unlisted slug (an operator's, a newer one) still gets the GPT-5 family. */
export function chatGPTWebModel(slug: string): ChatGPTWebModel {
  return bySlug.get(slug) ?? web(slug, slug);
}
