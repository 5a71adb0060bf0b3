export * from './key-files.ts';
export * from './user-key.ts';
