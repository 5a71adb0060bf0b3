export * from './types.ts';
export * from './catalog.ts';
export * from './lookup.ts';
