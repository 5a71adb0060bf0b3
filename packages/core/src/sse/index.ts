export * from './sse-parser.ts';
