export * from './google-search.ts';
export * from './serpapi.ts';
export * from './wolfram.ts';
export * from './stable-diffusion.ts';
export * from './azure-ai-search.ts';
export * from './web-pages.ts';
