export * from './auth/limits.ts';
export * from './auth/schemas.ts';
export * from './auth/user.ts';
export * from './errors/codes.ts';
export * from './errors/messages.ts';
export * from './config/startup.ts';
export * from './config/timings.ts';
