export * from './file-types.ts';
export * from './file-schemas.ts';
export * from './upload-rules.ts';
