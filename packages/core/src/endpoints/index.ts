export * from './names.ts';
export * from './capabilities.ts';
export * from './models.ts';
export * from './defaults.ts';
export * from './parameters.ts';
export * from './upstream.ts';
export * from './options-schemas.ts';
export * from './endpoints-config.ts';
