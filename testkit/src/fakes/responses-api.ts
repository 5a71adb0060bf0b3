import { echoChunks, sendJson, streamFrames, textOf, type FakeContext, type FakeReply } from './fake-server.ts';
import type { OpenAIFlavor } from './openai-errors.ts';
import type { Refusal } from './openai-requests.ts';
import { responsesInputProblem } from './responses-input.ts';
import { refusedSampling, thinks } from './upstream-models.ts';

/** `POST /v1/responses` as far as the fakes read it. */
export interface ResponsesBody {
  model?: string;
  input?: unknown;
  instructions?: unknown;
  stream?: boolean;
  temperature?: unknown;
  top_p?: unknown;
  max_output_tokens?: unknown;
  reasoning?: { effort?: string; summary?: string };
  tools?: { type?: string }[];
}

const invalid = (message: string, param: string | null, code: string | null): Refusal => ({
  status: 400,
  body: { error: { message, type: 'invalid_request_error', param, code } },
});

const searchTools = new Set(['web_search', 'x_search']);

/** The Responses API rules of OpenAI and xAI that Parley's calls touch. */
export function responsesRefusal(flavor: OpenAIFlavor, body: ResponsesBody, options: { verifiedOrganization?: boolean }): Refusal | undefined {
  const model = body.model ?? '';
  if (body.input === undefined || body.input === '' || (Array.isArray(body.input) && body.input.length === 0)) {
    return invalid("Missing required parameter: 'input'.", 'input', 'missing_required_parameter');
  }
  const inputProblem = responsesInputProblem(body.input);
  if (inputProblem && flavor === 'xai') {
    const { message } = (inputProblem.body as { error: { message: string } }).error;
    return { status: 400, body: { code: 'Client specified an invalid argument', error: message } };
  }
  if (inputProblem) return inputProblem;
  const tools = body.tools ?? [];
  if (flavor === 'xai') {
    const unknownTool = tools.find((t) => !searchTools.has(t.type ?? '') && t.type !== 'function');
    if (unknownTool) return { status: 400, body: { code: 'Client specified an invalid argument', error: `Unknown tool type: ${unknownTool.type}` } };
    if (tools.some((t) => searchTools.has(t.type ?? '')) && !thinks(model)) {
      return { status: 400, body: { code: 'Client specified an invalid argument', error: `Server-side tools are not supported by model ${model}. Use a grok-4 family model.` } };
    }
    return undefined;
  }
  const refused = refusedSampling(model, body as Record<string, unknown>, body.reasoning?.effort === 'none');
  if (refused) return invalid(`Unsupported parameter: '${refused}' is not supported with this model.`, refused, 'unsupported_parameter');
  if (thinks(model)) {
    if (body.reasoning?.summary && options.verifiedOrganization === false) {
      return invalid(
        'Your organization must be verified to generate reasoning summaries. Please go to: https://platform.openai.com/settings/organization/general and click on Verify Organization. If you just verified, it can take up to 15 minutes for access to propagate.',
        'reasoning.summary',
        'unsupported_value',
      );
    }
  } else if (body.reasoning !== undefined) {
    return invalid("Unsupported parameter: 'reasoning.effort' is not supported with this model.", 'reasoning.effort', 'unsupported_parameter');
  }
  return undefined;
}

function lastUserText(input: unknown): string | undefined {
  if (typeof input === 'string') return input;
  if (!Array.isArray(input)) return undefined;
  const user = [...(input as { role?: string; content?: unknown }[])].reverse().find((m) => m.role === 'user');
  if (!user) return undefined;
  if (Array.isArray(user.content)) return (user.content as { text?: string }[]).map((p) => p.text ?? '').join('');
  return textOf(user.content);
}

const sse = (data: { type: string } & Record<string, unknown>) => `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The Responses API reply: reasoning summary (when asked for and scripted), web/X search calls
 * (xAI, when its search tools were given), the message with `url_citation` annotations, then
 * `response.completed` with usage (`incomplete` at the output cap).
 */
export async function responses(ctx: FakeContext, flavor: OpenAIFlavor, model: string, reply: FakeReply) {
  const body = (ctx.recorded.body ?? {}) as ResponsesBody;
  const chunks = reply.chunks ?? echoChunks(lastUserText(body.input));
  const summary = body.reasoning?.summary ? (reply.reasoning ?? []) : [];
  const searching = flavor === 'xai' && (body.tools ?? []).some((t) => searchTools.has(t.type ?? ''));
  const citations = searching ? (reply.citations ?? ['https://example.org/search-result']) : [];
  const id = `resp_${Math.random().toString(36).slice(2, 14)}`;
  const created_at = Math.floor(Date.now() / 1000);
  const text = chunks.join('');
  const inputTokens = reply.usage?.promptTokens ?? 10;
  const outputTokens = reply.usage?.completionTokens ?? chunks.length + summary.length;
  const incomplete = reply.finishReason === 'length' || reply.finishReason === 'max_output_tokens';
  const annotations = citations.map((url, i) => ({ type: 'url_citation', url, title: `Source ${i + 1}`, start_index: text.length, end_index: text.length }));
  const reasoningItem = { type: 'reasoning', id: `rs_${id}`, summary: summary.length > 0 ? [{ type: 'summary_text', text: summary.join('') }] : [] };
  const searchItems = searching ? [{ type: 'web_search_call', id: `ws_${id}`, status: 'completed', action: { type: 'search', query: lastUserText(body.input) ?? '' } }] : [];
  const message = { type: 'message', id: `msg_${id}`, status: incomplete ? 'incomplete' : 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations, logprobs: [] }] };
  const reasons = (flavor === 'openai' || flavor === 'azure') && thinks(model);
  const output = [...(reasons ? [reasoningItem] : []), ...searchItems, message];
  const response = (status: string, items: unknown[]) => ({
    id,
    object: 'response',
    created_at,
    status,
    error: null,
    incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model,
    output: items,
    parallel_tool_calls: true,
    reasoning: reasons ? { effort: body.reasoning?.effort ?? 'medium', summary: body.reasoning?.summary ?? null } : null,
    temperature: reasons ? 1 : ((body.temperature as number | undefined) ?? 1),
    tool_choice: 'auto',
    tools: body.tools ?? [],
    top_p: 1,
    text: { format: { type: 'text' } },
    truncation: 'disabled',
    usage:
      status === 'in_progress'
        ? null
        : {
            input_tokens: inputTokens,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: outputTokens,
            output_tokens_details: { reasoning_tokens: summary.length },
            total_tokens: inputTokens + outputTokens,
          },
    ...(flavor === 'xai' && status !== 'in_progress' ? { citations } : {}),
  });
  const finalStatus = incomplete ? 'incomplete' : 'completed';

  if (!body.stream) {
    sendJson(ctx.res, 200, response(finalStatus, output));
    return;
  }
  let seq = 0;
  const event = (data: Record<string, unknown> & { type: string }) => sse({ ...data, sequence_number: seq++ });
  const frames: string[] = [event({ type: 'response.created', response: response('in_progress', []) }), event({ type: 'response.in_progress', response: response('in_progress', []) })];
  let index = 0;
  if (reasons) {
    frames.push(event({ type: 'response.output_item.added', output_index: index, item: { ...reasoningItem, summary: [] } }));
    if (summary.length > 0) {
      frames.push(event({ type: 'response.reasoning_summary_part.added', item_id: reasoningItem.id, output_index: index, summary_index: 0, part: { type: 'summary_text', text: '' } }));
      for (const delta of summary) frames.push(event({ type: 'response.reasoning_summary_text.delta', item_id: reasoningItem.id, output_index: index, summary_index: 0, delta }));
      frames.push(event({ type: 'response.reasoning_summary_text.done', item_id: reasoningItem.id, output_index: index, summary_index: 0, text: summary.join('') }));
      frames.push(event({ type: 'response.reasoning_summary_part.done', item_id: reasoningItem.id, output_index: index, summary_index: 0, part: reasoningItem.summary[0] }));
    }
    frames.push(event({ type: 'response.output_item.done', output_index: index, item: reasoningItem }));
    index += 1;
  }
  for (const item of searchItems) {
    frames.push(event({ type: 'response.output_item.added', output_index: index, item: { ...item, status: 'in_progress' } }));
    frames.push(event({ type: 'response.output_item.done', output_index: index, item }));
    index += 1;
  }
  const itemRef = { item_id: message.id, output_index: index, content_index: 0 };
  frames.push(event({ type: 'response.output_item.added', output_index: index, item: { ...message, status: 'in_progress', content: [] } }));
  frames.push(event({ type: 'response.content_part.added', ...itemRef, part: { type: 'output_text', text: '', annotations: [], logprobs: [] } }));
  for (const delta of chunks) frames.push(event({ type: 'response.output_text.delta', ...itemRef, delta, logprobs: [] }));
  if (reply.streamError) {
    frames.push(event({ type: 'error', code: reply.streamError.type, message: reply.streamError.message, param: null }));
  } else if (!reply.hold && !reply.cut) {
    annotations.forEach((annotation, annotation_index) => frames.push(event({ type: 'response.output_text.annotation.added', ...itemRef, annotation_index, annotation })));
    frames.push(event({ type: 'response.output_text.done', ...itemRef, text, logprobs: [] }));
    frames.push(event({ type: 'response.content_part.done', ...itemRef, part: message.content[0] }));
    frames.push(event({ type: 'response.output_item.done', output_index: index, item: message }));
    frames.push(event({ type: `response.${finalStatus}`, response: response(finalStatus, output) }));
  }
  await streamFrames(ctx, frames, reply);
}
