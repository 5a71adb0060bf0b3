/** What the back end requires of `POST /backend-api/conversation`, checked as strictly as it checks it. */

export interface ConversationRequest {
  action: 'next';
  messages: { id: string; author: { role: 'user' | 'system' | 'assistant' }; content: { content_type: 'text'; parts: string[] } }[];
  conversation_id?: string;
  parent_message_id: string;
  model: string;
  supported_encodings?: string[];
}

/** One FastAPI validation issue: where (`["body", "messages", 0, "author"]`) and what. */
export interface Issue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const roles = new Set(['user', 'system', 'assistant']);
const missing = (...loc: (string | number)[]): Issue => ({ loc: ['body', ...loc], msg: 'field required', type: 'value_error.missing' });
const wrong = (msg: string, ...loc: (string | number)[]): Issue => ({ loc: ['body', ...loc], msg, type: 'value_error' });

/** The 422 issues of a body; none when it is a conversation request the back end takes. */
export function requestIssues(body: unknown): Issue[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [wrong('value is not a valid dict')];
  const b = body as Record<string, unknown>;
  const issues: Issue[] = [];
  if (b.action === undefined) issues.push(missing('action'));
  else if (b.action !== 'next') issues.push(wrong("unexpected value; permitted: 'next', 'variant', 'continue'", 'action'));
  if (typeof b.model !== 'string' || b.model === '') issues.push(missing('model'));
  if (typeof b.parent_message_id !== 'string' || b.parent_message_id === '') issues.push(missing('parent_message_id'));
  if (b.conversation_id !== undefined && (typeof b.conversation_id !== 'string' || !uuid.test(b.conversation_id))) issues.push(wrong('value is not a valid uuid', 'conversation_id'));
  if (b.supported_encodings !== undefined && (!Array.isArray(b.supported_encodings) || b.supported_encodings.some((e) => typeof e !== 'string'))) {
    issues.push(wrong('value is not a valid list', 'supported_encodings'));
  }
  if (!Array.isArray(b.messages) || b.messages.length === 0) return [...issues, missing('messages')];
  b.messages.forEach((message: unknown, i: number) => {
    const m = (message ?? {}) as Record<string, unknown>;
    if (typeof m.id !== 'string' || !uuid.test(m.id)) issues.push(wrong('value is not a valid uuid', 'messages', i, 'id'));
    const author = m.author as { role?: unknown } | undefined;
    // The 2022 shape (`role` beside `content`) is no longer read: the author is required.
    if (typeof author !== 'object' || author === null) issues.push(missing('messages', i, 'author'));
    else if (typeof author.role !== 'string' || !roles.has(author.role)) issues.push(wrong('value is not a valid enumeration member', 'messages', i, 'author', 'role'));
    const content = m.content as { content_type?: unknown; parts?: unknown } | undefined;
    if (typeof content !== 'object' || content === null) issues.push(missing('messages', i, 'content'));
    else {
      if (content.content_type !== 'text') issues.push(wrong("unexpected value; permitted: 'text'", 'messages', i, 'content', 'content_type'));
      if (!Array.isArray(content.parts) || content.parts.some((part) => typeof part !== 'string')) issues.push(wrong('value is not a valid list of strings', 'messages', i, 'content', 'parts'));
    }
  });
  return issues;
}
