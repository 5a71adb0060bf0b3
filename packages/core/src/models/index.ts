export * from './types.ts';
export * from './catalog.ts';
export * from './lookup.ts';
export * from './embedding-models.ts';
