/**
 * How large a request body may be. Every route takes at most 1 MiB of JSON, so a client cannot
 * make the server buffer and parse large bodies on any route it can reach. Only routes whose
 * validated content can legitimately be larger take more: a chat message (text and the reply
 * being continued, 100,000 characters each, plus the endpoint options with their prompt prefix
 * and examples) and a preset (system message, prompt prefix and up to 100 examples).
 */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
export const LARGE_BODY_LIMIT = 4 * 1024 * 1024;
/** The `/v1` API: a chat request may carry pictures and files as base64 content parts, as OpenAI's does (up to 32 MB). */
export const GATEWAY_BODY_LIMIT = 32 * 1024 * 1024;
