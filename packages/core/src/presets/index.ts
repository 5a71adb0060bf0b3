export * from './preset.ts';
