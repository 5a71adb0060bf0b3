import type { EndpointName } from './names.ts';

export interface UploadCapability {
  maxFiles: number;
  /** grok accepts a single image and nothing else. */
  imagesOnly: boolean;
}

export interface EndpointCapabilities {
  streaming: boolean;
  /** Whether an unfinished reply can be continued (SPEC point 4, message actions). */
  continue: boolean;
  uploads: UploadCapability | null;
}

export const maxUploadBytes = 20 * 1024 * 1024;

const plain: EndpointCapabilities = { streaming: true, continue: false, uploads: null };
const continuable: EndpointCapabilities = { streaming: true, continue: true, uploads: null };
// SPEC point 5: five files a message on openAI; Anthropic and Gemini read images and PDFs too.
const fiveFiles: UploadCapability = { maxFiles: 5, imagesOnly: false };

export const endpointCapabilities: Readonly<Record<EndpointName, EndpointCapabilities>> = {
  azureOpenAI: continuable,
  openAI: { ...continuable, uploads: fiveFiles },
  chatGPTBrowser: plain,
  gptPlugins: { ...continuable, uploads: fiveFiles },
  bingAI: plain,
  google: { ...plain, uploads: fiveFiles },
  anthropic: { ...continuable, uploads: fiveFiles },
  deepSeek: continuable,
  grok: { streaming: true, continue: true, uploads: { maxFiles: 1, imagesOnly: true } },
};

export function supportsContinue(endpoint: EndpointName): boolean {
  return endpointCapabilities[endpoint].continue;
}
