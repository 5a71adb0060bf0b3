import type { PluginAuthField } from '@parley/core';
import type { Env } from '../../config/env.ts';

/** A built-in plugin: its store entry, and the env variables that hold its credentials server-side. */
export interface BuiltinPlugin {
  name: string;
  pluginKey: string;
  description: string;
  icon: string;
  /** Each auth field is also the env variable that sets it for every user. */
  authConfig: (PluginAuthField & { authField: keyof Env & string })[];
}

const field = (authField: BuiltinPlugin['authConfig'][number]['authField'], label: string, description: string) => ({ authField, label, description });

/** The plugins Parley ships; MCP servers from MCP_SERVERS_FILE join them in the store. */
export const builtinPlugins: readonly BuiltinPlugin[] = [
  {
    name: 'Calculator',
    pluginKey: 'calculator',
    description: 'Evaluates math expressions exactly (mathjs): arithmetic, units, matrices, functions.',
    icon: 'calculator',
    authConfig: [],
  },
  {
    name: 'Web Browser',
    pluginKey: 'web-browser',
    description: 'Opens a public web page and reads its main text, so answers can cite what the page says.',
    icon: 'globe',
    authConfig: [],
  },
  {
    name: 'Google',
    pluginKey: 'google',
    description: 'Searches the web with the Google Custom Search JSON API.',
    icon: 'search',
    authConfig: [
      field('GOOGLE_CSE_ID', 'Google CSE ID', 'The id (cx) of your Programmable Search Engine.'),
      field('GOOGLE_SEARCH_API_KEY', 'Google API Key', 'An API key with the Custom Search API enabled.'),
    ],
  },
  {
    name: 'SerpAPI',
    pluginKey: 'serpapi',
    description: 'Google search results, answer boxes and knowledge graph through SerpApi.',
    icon: 'search-code',
    authConfig: [field('SERPAPI_API_KEY', 'SerpAPI API Key', 'Your private key from serpapi.com/manage-api-key.')],
  },
  {
    name: 'Wolfram',
    pluginKey: 'wolfram',
    description: 'Computation, math, science, geography and curated data from Wolfram|Alpha (LLM API).',
    icon: 'sigma',
    authConfig: [field('WOLFRAM_APP_ID', 'Wolfram App ID', 'An AppID from developer.wolframalpha.com with the LLM API.')],
  },
  {
    name: 'DALL-E',
    pluginKey: 'dalle',
    description: 'Creates images from a description with the OpenAI images API.',
    icon: 'image',
    authConfig: [field('DALLE_API_KEY', 'OpenAI API Key', 'An OpenAI API key allowed to generate images.')],
  },
  {
    name: 'Stable Diffusion',
    pluginKey: 'stable-diffusion',
    description: 'Creates images with your AUTOMATIC1111 Stable Diffusion web UI (started with --api).',
    icon: 'palette',
    authConfig: [field('SD_WEBUI_URL', 'Stable Diffusion WebUI URL', 'The public https address of your web UI, for example https://sd.example.com.')],
  },
  {
    name: 'Azure AI Search',
    pluginKey: 'azure-ai-search',
    description: 'Searches your own documents in an Azure AI Search index.',
    icon: 'database',
    authConfig: [
      field('AZURE_AI_SEARCH_SERVICE_ENDPOINT', 'Azure AI Search Endpoint', 'For example https://my-search.search.windows.net.'),
      field('AZURE_AI_SEARCH_INDEX_NAME', 'Azure AI Search Index Name', 'The index to search.'),
      field('AZURE_AI_SEARCH_API_KEY', 'Azure AI Search API Key', 'A query key of the search service.'),
    ],
  },
];

export const findBuiltinPlugin = (pluginKey: string) => builtinPlugins.find((p) => p.pluginKey === pluginKey);

/** The server's own value of every auth field, or undefined when one is missing (then users bring theirs). */
export function serverCredentials(env: Env, plugin: Pick<BuiltinPlugin, 'authConfig'>): Record<string, string> | undefined {
  const entries = plugin.authConfig.map((f) => [f.authField, env[f.authField]] as const);
  if (entries.some(([, value]) => typeof value !== 'string' || value === '')) return undefined;
  return Object.fromEntries(entries) as Record<string, string>;
}
