export * from './fake-server.ts';
export * from './openai-compatible.ts';
export * from './anthropic.ts';
export * from './google.ts';
export * from './service-account.ts';
export * from './tools/index.ts';
export * from './chatgpt-web.ts';
export * from './bing/bing-fake.ts';
export type { BingScript } from './bing/bing-script.ts';
