export * from './chat-request.ts';
export * from './chat-response.ts';
export * from './openai-error.ts';
export * from './other-requests.ts';
export * from './api-token.ts';
export * from './usage-record.ts';
