export * from './types.ts';
export * from './catalog.ts';
export * from './lookup.ts';
export * from './embedding-models.ts';
export * from './sampling.ts';
export * from './chatgpt-web-models.ts';
