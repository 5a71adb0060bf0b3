import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream, RecordedRequest } from '@parley/testkit';
import type { OutboundPolicy } from '../net/outbound-url.ts';
import { ProviderError } from '../providers/provider-error.ts';
import type { ChatEvent, ChatProvider, ChatRequest } from '../providers/types.ts';

export interface ProviderSuiteSetup {
  provider: ChatProvider;
  fake: FakeUpstream;
  /** A request for `model` pointed at the fake, with this provider's credential. */
  request(overrides?: Partial<ChatRequest>): ChatRequest;
  /** Non-streaming upstreams (Vertex `:predict`) answer in one text event. */
  streaming: boolean;
  /** What names a model the upstream does not serve (an unknown model id unless said; Azure: its deployment). */
  unknownModel?: Partial<ChatRequest>;
  /** Options sent in the pass-through test and the check of the upstream body they must produce. */
  passThrough: { model: string; options: Record<string, unknown>; expectSent(request: RecordedRequest): void };
}

/**
 * The fakes listen on 127.0.0.1 over http, which the outbound policy refuses for addresses in
 * user keys; tests that put a fake's address inside a key say so explicitly with this policy.
 */
export const fakeUpstreamOutbound: OutboundPolicy = { hosts: [], allowAll: true };

export async function collect(iterable: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const events: ChatEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

export async function failureOf(iterable: AsyncIterable<ChatEvent>): Promise<ProviderError> {
  try {
    await collect(iterable);
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error('the stream did not fail');
}

const textOf = (events: ChatEvent[]) => events.flatMap((e) => (e.type === 'text' ? [e.delta] : []));
const modelRequests = (fake: FakeUpstream) => fake.requests.filter((r) => !r.path.endsWith('/token'));

/** The conformance suite every ChatProvider passes against its testkit fake. */
export function runProviderSuite(
  name: string,
  makeProviderAndFake: () => Promise<ProviderSuiteSetup>,
  /** The upstream's word for a truncated answer; omitted where the wire format has none (`:predict`). */
  traits: { lengthReason?: string } = {},
) {
  describe(`${name} provider conformance`, () => {
    let setup: ProviderSuiteSetup;
    beforeAll(async () => {
      setup = await makeProviderAndFake();
    });
    afterAll(() => setup?.fake.close());

    const run = (overrides?: Partial<ChatRequest>, signal = new AbortController().signal) =>
      setup.provider.stream(setup.request(overrides), signal);

    it('streams the scripted deltas in order, then finish', async () => {
      setup.fake.enqueue({ chunks: ['Hel', 'lo', ' there'] });
      const events = await collect(run());
      if (setup.streaming) expect(textOf(events)).toEqual(['Hel', 'lo', ' there']);
      expect(textOf(events).join('')).toBe('Hello there');
      expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
      expect(events.findIndex((e) => e.type === 'finish')).toBe(events.length - 1);
    });

    it('reports the upstream token usage', async () => {
      setup.fake.enqueue({ chunks: ['ok'], usage: { promptTokens: 11, completionTokens: 7 } });
      const events = await collect(run());
      expect(events).toContainEqual({ type: 'usage', promptTokens: 11, completionTokens: 7 });
    });

    if (traits.lengthReason) {
      it('maps a truncated answer to finish(length)', async () => {
        setup.fake.enqueue({ chunks: ['cut'], finishReason: traits.lengthReason });
        const events = await collect(run());
        expect(events.at(-1)).toEqual({ type: 'finish', reason: 'length' });
      });
    }

    it('stops promptly on abort and closes the upstream connection', async () => {
      setup.fake.enqueue({ chunks: ['one ', 'two '], delayMs: 20, hold: true });
      const controller = new AbortController();
      const before = setup.fake.requests.length;
      const started = Date.now();
      const events: ChatEvent[] = [];
      const timer = setup.streaming ? undefined : setTimeout(() => controller.abort(), 100);
      for await (const event of run({}, controller.signal)) {
        events.push(event);
        if (event.type === 'text') controller.abort();
      }
      clearTimeout(timer);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(events.some((e) => e.type === 'finish')).toBe(false);
      const index = setup.fake.requests.findIndex((r, i) => i >= before && !r.path.endsWith('/token'));
      await setup.fake.waitForDisconnect(index);
    });

    const failures = [
      { status: 401, quota: false, code: 'invalid_api_key' },
      { status: 429, quota: true, code: 'upstream_out_of_credit' },
      { status: 429, quota: false, code: 'upstream_rate_limited' },
      { status: 500, quota: false, code: 'upstream_error' },
    ] as const;
    for (const failure of failures) {
      it(`maps upstream ${failure.status}${failure.quota ? ' (quota)' : ''} to ${failure.code}, without retrying`, async () => {
        const before = modelRequests(setup.fake).length;
        setup.fake.enqueue({ status: failure.status, quota: failure.quota });
        const error = await failureOf(run());
        expect(error.code).toBe(failure.code);
        expect(error.upstreamMessage.length).toBeGreaterThan(0);
        expect(modelRequests(setup.fake).length - before).toBe(1);
      });
    }

    it('keeps the wait a rate-limited answer asks for, and leaves the retry to the exchange', async () => {
      const before = modelRequests(setup.fake).length;
      setup.fake.enqueue({ status: 429, retryAfter: 3 });
      const error = await failureOf(run());
      expect(error).toMatchObject({ code: 'upstream_rate_limited', retryAfterMs: 3000 });
      expect(modelRequests(setup.fake).length - before).toBe(1);
    });

    it("answers a prompt past every model's context with context_too_long, from the service's real refusal", async () => {
      // About 1.1M tokens at the fakes' four characters a token: more than any served model holds.
      const long = 'word '.repeat(900_000);
      const error = await failureOf(run({ messages: [{ role: 'user', content: long }] }));
      expect(error.code).toBe('context_too_long');
      expect(error.upstreamStatus).toBe(400);
    });

    it('answers a model the upstream does not serve with model_not_found, from its real refusal', async () => {
      const error = await failureOf(run(setup.unknownModel ?? { model: 'parley-no-such-model' }));
      expect(error.code).toBe('model_not_found');
    });

    it('passes model id mapping, sampling options and the system prompt upstream', async () => {
      const { model, options, expectSent } = setup.passThrough;
      setup.fake.enqueue({ chunks: ['fine'] });
      await collect(run({ model, options }));
      expectSent(modelRequests(setup.fake).at(-1)!);
    });
  });
}
