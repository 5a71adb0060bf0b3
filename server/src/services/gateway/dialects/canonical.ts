/**
 * The canonical (OpenAI Chat Completions) shapes the dialect translators read and write.
 * Placeholder until the gateway's core contract lands.
 */
export interface CanonicalTextPart { type: 'text'; text: string }
export interface CanonicalImagePart { type: 'image_url'; image_url: { url: string; detail?: string } }
export interface CanonicalFilePart { type: 'file'; file: { file_data?: string; filename?: string; file_id?: string } }
export type CanonicalPart = CanonicalTextPart | CanonicalImagePart | CanonicalFilePart | { type: string; [key: string]: unknown };

export interface CanonicalToolCall { id: string; type: 'function'; function: { name: string; arguments: string } }

export interface CanonicalMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content?: string | CanonicalPart[] | null;
  name?: string;
  tool_calls?: CanonicalToolCall[];
  tool_call_id?: string;
  reasoning_content?: string | null;
}

export interface CanonicalTool { type: 'function'; function: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean | null } }

export type CanonicalToolChoice = 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } };

export interface CanonicalRequest {
  model: string;
  messages: CanonicalMessage[];
  stream?: boolean | null;
  stream_options?: { include_usage?: boolean } | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  stop?: string | string[] | null;
  tools?: CanonicalTool[];
  tool_choice?: CanonicalToolChoice;
  parallel_tool_calls?: boolean;
  response_format?: { type: 'text' } | { type: 'json_object' } | { type: 'json_schema'; json_schema: { name: string; schema?: Record<string, unknown>; strict?: boolean | null; description?: string } };
  reasoning_effort?: 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | null;
  n?: number | null;
  user?: string;
  [key: string]: unknown;
}

export interface CanonicalUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number };
}

export type CanonicalFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

export interface CanonicalToolCallDelta { index: number; id?: string; type?: 'function'; function?: { name?: string; arguments?: string } }

export interface CanonicalChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: {
    index: number;
    delta: { role?: 'assistant'; content?: string | null; reasoning_content?: string | null; tool_calls?: CanonicalToolCallDelta[]; refusal?: string | null };
    finish_reason: CanonicalFinishReason | null;
  }[];
  usage?: CanonicalUsage | null;
}

export interface CanonicalCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: {
    index: number;
    message: { role: 'assistant'; content: string | null; reasoning_content?: string | null; tool_calls?: CanonicalToolCall[]; refusal?: string | null };
    finish_reason: CanonicalFinishReason;
  }[];
  usage?: CanonicalUsage;
}
