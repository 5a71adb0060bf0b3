export * from './sse-parser.ts';
export * from './read-sse.ts';
