import type { EndpointName } from '../endpoints/names.ts';

/** One embedding model as its provider serves it today (OpenAI's embeddings guide and price list). */
export interface EmbeddingModelInfo {
  id: string;
  /** Length of the vectors it answers by default. */
  dimensions: number;
  /** Whether `dimensions` may shorten them (the text-embedding-3 models). */
  shortens: boolean;
  /** Most tokens of one input. */
  maxInputTokens: number;
  /** US dollars per million input tokens. */
  rate: number;
}

export const embeddingModels: readonly EmbeddingModelInfo[] = [
  { id: 'text-embedding-3-small', dimensions: 1536, shortens: true, maxInputTokens: 8192, rate: 0.02 },
  { id: 'text-embedding-3-large', dimensions: 3072, shortens: true, maxInputTokens: 8192, rate: 0.13 },
  { id: 'text-embedding-ada-002', dimensions: 1536, shortens: false, maxInputTokens: 8192, rate: 0.1 },
];

/** The endpoints whose account serves OpenAI's embedding models (Azure through a deployment of the same name). */
export const embeddingEndpoints: readonly EndpointName[] = ['openAI', 'azureOpenAI'];

export function embeddingModelInfo(id: string): EmbeddingModelInfo | undefined {
  return embeddingModels.find((model) => model.id === id);
}
