export * from './access-key.ts';
export * from './usage.ts';
export * from './balance.ts';
export * from './chat-errors.ts';
export * from './orders.ts';
export * from './my-usage.ts';
