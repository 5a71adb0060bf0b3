/** The two encodings of the reply stream: whole-message snapshots (chat2api-family proxies) and `v1` delta patches. */

export interface WebMessage {
  id: string;
  author: { role: 'user' | 'assistant' | 'system'; name: null; metadata: Record<string, never> };
  create_time: number;
  update_time: number | null;
  content: { content_type: string; parts?: string[]; thoughts?: { summary: string; content: string }[] };
  status: 'in_progress' | 'finished_successfully';
  end_turn: boolean | null;
  weight: number;
  metadata: Record<string, unknown>;
  recipient: 'all';
  channel: null;
}

export interface ReplyPlan {
  conversationId: string;
  /** The question as the back end echoes it first. */
  question: WebMessage;
  reasoning?: { id: string; text: string[] };
  answerId: string;
  model: string;
  chunks: string[];
  /** `max_tokens` for a reply the model cut at its length limit. */
  finish: 'stop' | 'max_tokens';
  /** Stop after the text, with no closing frames (a held or cut reply). */
  open?: boolean;
  /** An error the back end reports after the text instead of closing the reply. */
  streamError?: { message: string; code?: string };
}

const now = () => Date.now() / 1000;

export function webMessage(id: string, role: WebMessage['author']['role'], content: WebMessage['content'], done: boolean, metadata: Record<string, unknown> = {}): WebMessage {
  return {
    id,
    author: { role, name: null, metadata: {} },
    create_time: now(),
    update_time: null,
    content,
    status: done ? 'finished_successfully' : 'in_progress',
    end_turn: null,
    weight: 1,
    metadata,
    recipient: 'all',
    channel: null,
  };
}

const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const delta = (value: unknown) => `event: delta\ndata: ${JSON.stringify(value)}\n\n`;

/** Snapshots: every event carries the whole message so far (the bytes grow with the square of the reply). */
export function* snapshotFrames(plan: ReplyPlan): Generator<string> {
  const { conversationId } = plan;
  yield data({ message: plan.question, conversation_id: conversationId, error: null });
  if (plan.reasoning) {
    let thought = '';
    for (const piece of plan.reasoning.text) {
      thought += piece;
      const content = { content_type: 'thoughts', thoughts: [{ summary: 'Thinking', content: thought }] };
      yield data({ message: webMessage(plan.reasoning.id, 'assistant', content, false), conversation_id: conversationId, error: null });
    }
  }
  const metadata = { model_slug: plan.model, message_type: 'next' };
  let text = '';
  for (const chunk of plan.chunks) {
    text += chunk;
    yield data({ message: webMessage(plan.answerId, 'assistant', { content_type: 'text', parts: [text] }, false, metadata), conversation_id: conversationId, error: null });
  }
  if (plan.streamError) return yield streamErrorFrame('snapshot', conversationId, plan.streamError.message, plan.streamError.code);
  if (plan.open) return;
  const last = webMessage(plan.answerId, 'assistant', { content_type: 'text', parts: [text] }, true, { ...metadata, finish_details: { type: plan.finish } });
  yield data({ message: { ...last, end_turn: true }, conversation_id: conversationId, error: null });
  yield 'data: [DONE]\n\n';
}

/** `v1`: the question and the answer are added once, then patched: `append` for text (bare `{v}` after the first), one closing `patch`. */
export function* v1Frames(plan: ReplyPlan): Generator<string> {
  const { conversationId } = plan;
  let c = 0;
  yield 'event: delta_encoding\ndata: "v1"\n\n';
  yield delta({ p: '', o: 'add', v: { message: plan.question, conversation_id: conversationId }, c: c++ });
  yield data({ type: 'input_message', input_message: plan.question, conversation_id: conversationId });
  if (plan.reasoning) {
    const thoughts = { content_type: 'thoughts', thoughts: [{ summary: 'Thinking', content: '' }] };
    yield delta({ p: '', o: 'add', v: { message: webMessage(plan.reasoning.id, 'assistant', thoughts, false), conversation_id: conversationId }, c: c++ });
    for (const piece of plan.reasoning.text) yield delta({ p: '/message/content/thoughts/0/content', o: 'append', v: piece, c: c++ });
  }
  const metadata = { model_slug: plan.model, message_type: 'next' };
  const answer = webMessage(plan.answerId, 'assistant', { content_type: 'text', parts: [''] }, false, metadata);
  yield delta({ v: { message: answer, conversation_id: conversationId }, c: c++ });
  const [first, ...rest] = plan.chunks;
  const tail = rest.pop();
  if (first !== undefined) yield delta({ p: '/message/content/parts/0', o: 'append', v: first, c: c++ });
  for (const chunk of rest) yield delta({ v: chunk });
  if (plan.streamError) {
    if (tail !== undefined) yield delta({ v: tail });
    return yield streamErrorFrame('v1', conversationId, plan.streamError.message, plan.streamError.code);
  }
  if (plan.open) {
    if (tail !== undefined) yield delta({ v: tail });
    return;
  }
  const closing = [
    ...(tail !== undefined ? [{ p: '/message/content/parts/0', o: 'append', v: tail }] : []),
    { p: '/message/status', o: 'replace', v: 'finished_successfully' },
    { p: '/message/end_turn', o: 'replace', v: true },
    { p: '/message/metadata/finish_details', o: 'replace', v: { type: plan.finish } },
  ];
  yield delta({ p: '', o: 'patch', v: closing, c: c++ });
  yield data({ type: 'message_stream_complete', conversation_id: conversationId });
  yield data({ type: 'conversation_detail_metadata', conversation_id: conversationId, model_limits: [] });
  yield 'data: [DONE]\n\n';
}

/** An error the back end reports inside the stream, in the encoding's shape. */
function streamErrorFrame(encoding: 'v1' | 'snapshot', conversationId: string, message: string, code?: string): string {
  return encoding === 'v1'
    ? data({ type: 'error', message, ...(code ? { code } : {}), conversation_id: conversationId })
    : data({ message: null, conversation_id: conversationId, error: message, ...(code ? { error_code: code } : {}) });
}
