import { classifyUpstreamFailure, ProviderError } from '../provider-error.ts';
import type { ChatEvent } from '../types.ts';

/** One Responses API stream event as far as Parley reads it. */
export interface ResponsesEvent {
  type?: string;
  delta?: string;
  annotation?: { type?: string; url?: string; title?: string };
  response?: {
    /** The model that answers, as the upstream names it (recorded on the reply). */
    model?: string;
    status?: string;
    incomplete_details?: { reason?: string } | null;
    error?: { code?: string; message?: string } | null;
    usage?: { input_tokens?: number; output_tokens?: number } | null;
    /** xAI lists every source its search tools used. */
    citations?: string[];
  };
  code?: string;
  message?: string;
}

interface Source {
  url: string;
  title?: string;
}

/**
 * Markdown links under the reply: the sources a search answer cites, once each. They are set off
 * by a horizontal rule, not a heading: the text is stored and shown to readers of any language,
 * and the server does not know theirs.
 */
export function sourcesMarkdown(sources: readonly Source[]): string {
  if (sources.length === 0) return '';
  const lines = sources.map((s, i) => `${i + 1}. [${(s.title || s.url).replace(/[[\]]/g, '')}](${s.url.replace(/\)/g, '%29')})`);
  return `\n\n---\n\n${lines.join('\n')}`;
}

/**
 * Folds a Responses API stream (OpenAI, xAI) into ChatEvents: the answering model first, reasoning summaries and reasoning
 * text as reasoning, output text as text, `url_citation` annotations and xAI's `citations` as a
 * list of source links after the text, then usage and finish. Failures become ProviderErrors
 * classified by their codes.
 */
export class ResponsesEvents {
  private readonly sources = new Map<string, Source>();
  private ended = false;

  read(event: ResponsesEvent): ChatEvent[] {
    switch (event.type) {
      case 'response.created':
        return event.response?.model ? [{ type: 'model', id: event.response.model }] : [];
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        return event.delta ? [{ type: 'reasoning', delta: event.delta }] : [];
      case 'response.output_text.delta':
        return event.delta ? [{ type: 'text', delta: event.delta }] : [];
      case 'response.output_text.annotation.added':
        this.cite(event.annotation?.url, event.annotation?.title);
        return [];
      case 'response.completed':
      case 'response.incomplete':
        return this.end(event.response ?? {});
      case 'response.failed':
        throw this.failure(event.response?.error?.code, event.response?.error?.message);
      case 'error':
        throw this.failure(event.code, event.message);
      default:
        return [];
    }
  }

  /** Whether the stream reached its final event (a stream that just stops is a failure). */
  get finished(): boolean {
    return this.ended;
  }

  private cite(url: string | undefined, title?: string) {
    if (url && /^https?:\/\//i.test(url) && !this.sources.has(url)) this.sources.set(url, { url, title });
  }

  private end(response: NonNullable<ResponsesEvent['response']>): ChatEvent[] {
    this.ended = true;
    for (const url of response.citations ?? []) this.cite(url);
    const events: ChatEvent[] = [];
    const sources = sourcesMarkdown([...this.sources.values()]);
    if (sources) events.push({ type: 'text', delta: sources });
    const usage = response.usage;
    if (usage) events.push({ type: 'usage', promptTokens: usage.input_tokens ?? 0, completionTokens: usage.output_tokens ?? 0 });
    const reason = response.incomplete_details?.reason;
    if (reason === 'content_filter') throw new ProviderError('content_filtered', 'incomplete: content_filter');
    events.push({ type: 'finish', reason: response.status === 'completed' ? 'stop' : reason === 'max_output_tokens' ? 'length' : 'other' });
    return events;
  }

  private failure(code: string | undefined, message: string | undefined): ProviderError {
    const body = JSON.stringify({ error: { code, message } });
    return new ProviderError(classifyUpstreamFailure(undefined, body), message ?? body);
  }
}
