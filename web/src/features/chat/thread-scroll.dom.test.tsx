// @vitest-environment happy-dom
import { ROOT_PARENT_ID, type Message } from '@parley/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../locales/i18n.ts';
import { visibleBranch } from '../../state/visible-branch.ts';
import { placeholderFor, userDraft } from '../../state/drafts.ts';
import { streaming } from '../../state/streaming-store.ts';
import { Thread } from './thread.tsx';
import type { MessageCommands } from '../messages/actions/message-action.ts';

/**
 * happy-dom does no layout, so the thread's box is given here as a browser would report it:
 * a 1,000 px view over `height` px of content, and a scrollTop a browser clamps to the end.
 * Two things scroll the thread down: the hook (to scrollHeight, past the end) and the
 * virtualizer's end-aligned command (24 px short of it, its paddingEnd). happy-dom fires no
 * scroll event for a programmatic scroll, so here that command lives its full 5 s, re-aimed as
 * the content grows. `hookScrolls` counts the hook's own scrolls, to see its throttle.
 */
const VIEW = 1000;
const PADDING_END = 24;
/** The hook pins for 650 ms and the virtualizer retires its last command 5 s later: past that, only the hook moves the view. */
const SETTLED = 6000;
let height = 5000;
let hookScrolls = 0;
const bottom = () => height - VIEW;
/** The last row's end is in view (the virtualizer's end is paddingEnd short of the real end). */
const atBottom = () => bottom() - thread().scrollTop <= PADDING_END;
function giveLayout(el: HTMLElement) {
  let top = 0;
  hookScrolls = 0;
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => VIEW });
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => height });
  Object.defineProperty(el, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      if (value >= height) hookScrolls++;
      top = Math.max(0, Math.min(value, bottom()));
    },
  });
}

/** happy-dom's ResizeObserver never fires: this one fires when the test says the content resized. */
const observed: { target: Element; callback: ResizeObserverCallback }[] = [];
class TestResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    observed.push({ target, callback: this.callback });
  }
  unobserve() {}
  disconnect() {
    observed.splice(0, observed.length, ...observed.filter((o) => o.callback !== this.callback));
  }
}
function contentGrowsTo(next: number) {
  height = next;
  const content = thread().firstElementChild!;
  act(() => observed.filter((o) => o.target === content).forEach((o) => o.callback([], o as unknown as ResizeObserver)));
}

const noop = () => undefined;
const commands: MessageCommands = { regenerate: noop, continueReply: noop, editAndSubmit: noop, editReplyAndSubmit: noop, saveEdit: async () => undefined, fillInput: noop };
const request = userDraft({ messageId: 'u1', conversationId: 'c1', parentMessageId: ROOT_PARENT_ID, text: 'Tell me a story', endpoint: 'openAI', model: 'gpt-4o' });
const reply: Message = { ...placeholderFor(request), messageId: 'r1', text: 'Once upon a time.', unfinished: false, finish_reason: 'stop' };
const rowsOf = (messages: Message[]) => visibleBranch(messages, {});

const thread = () => screen.getByTestId('thread');
const button = () => screen.queryByTestId('scroll-to-bottom');
const frames = (ms: number) => act(() => vi.advanceTimersByTime(ms));
function scrollTo(top: number) {
  thread().scrollTop = top;
  fireEvent.scroll(thread());
}

/** Opens a thread and lets it settle (it re-pins to the bottom for 650 ms while rows measure). */
function openThread(messages: Message[] = [request, reply]) {
  const view = render(<Thread rows={rowsOf(messages)} openedKey="1" endpoint="openAI" submitting={false} canChange commands={commands} />);
  giveLayout(thread());
  return view;
}

beforeAll(initI18n);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  vi.stubGlobal('ResizeObserver', TestResizeObserver);
  height = 5000;
  localStorage.removeItem('autoScroll');
  streaming.stop();
});
afterEach(() => {
  cleanup();
  streaming.stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('thread scroll', () => {
  it('opens at the bottom and stays pinned there while rows settle, then lets go', () => {
    openThread();
    frames(16);
    expect(thread().scrollTop).toBe(bottom());
    height = 6000; // a row measured taller while settling
    frames(16);
    expect(thread().scrollTop).toBe(bottom());
    frames(570);
    const late = hookScrolls;
    frames(32);
    expect(hookScrolls).toBeGreaterThan(late); // still re-pinning 600 ms in
    frames(50);
    const settledAt = hookScrolls; // 650 ms: done
    frames(1000);
    expect(hookScrolls).toBe(settledAt);
    frames(SETTLED);
    const top = thread().scrollTop;
    height = 7000; // once settled, growth alone does not move the view
    frames(1000);
    expect(thread().scrollTop).toBe(top);
  });

  it('offers the scroll-down button once 15% of the view height is unseen below, and it scrolls down', () => {
    openThread();
    frames(SETTLED);
    expect(button()).toBeNull();
    scrollTo(bottom() - 149);
    expect(button()).toBeNull();
    scrollTo(bottom() - 150);
    expect(button()).not.toBeNull();
    scrollTo(bottom());
    expect(button()).toBeNull();

    scrollTo(0);
    fireEvent.click(button()!);
    frames(1000); // the smooth scroll lands
    expect(atBottom()).toBe(true);
    fireEvent.scroll(thread());
    expect(button()).toBeNull();
  });

  it('shows a newly added message even when scrolled up', () => {
    const view = openThread([request]);
    frames(SETTLED);
    scrollTo(0);
    const before = hookScrolls;
    view.rerender(<Thread rows={rowsOf([request, reply])} openedKey="1" endpoint="openAI" submitting canChange commands={commands} />);
    frames(16);
    expect(hookScrolls).toBe(before + 1);
    expect(atBottom()).toBe(true);
  });

  it('follows a streaming reply on every growth while the reader is at the bottom', () => {
    openThread();
    frames(SETTLED);
    streaming.start('r1');
    const before = hookScrolls;
    contentGrowsTo(5600);
    expect(hookScrolls).toBe(before + 1);
    contentGrowsTo(5700); // no throttle: each growth is followed at once
    expect(hookScrolls).toBe(before + 2);
    expect(thread().scrollTop).toBe(bottom());
    expect(button()).toBeNull();
  });

  it('counts a reader within 80 px of the bottom as there', () => {
    openThread();
    frames(SETTLED);
    streaming.start('r1');
    scrollTo(bottom() + 1); // the scroll event of the pin
    scrollTo(bottom() - 20); // a nudge up, still at the bottom
    contentGrowsTo(5100);
    expect(thread().scrollTop).toBe(bottom());
  });

  it('stops following at once when the reader scrolls up, offers the button, and resumes back at the bottom', () => {
    openThread();
    frames(SETTLED);
    streaming.start('r1');
    contentGrowsTo(5600);
    scrollTo(bottom() - 300);
    const before = hookScrolls;
    const top = thread().scrollTop;
    contentGrowsTo(6000);
    frames(1000);
    expect(hookScrolls).toBe(before);
    expect(thread().scrollTop).toBe(top);
    expect(button()).not.toBeNull();

    scrollTo(bottom() - 60); // back within 80 px of the bottom
    contentGrowsTo(6400);
    expect(hookScrolls).toBe(before + 1);
    expect(thread().scrollTop).toBe(bottom());
  });

  it('stops following on a wheel turned upwards, before any scroll event', () => {
    openThread();
    frames(SETTLED);
    streaming.start('r1');
    fireEvent.wheel(thread(), { deltaY: -40 });
    const top = thread().scrollTop;
    contentGrowsTo(5600);
    expect(thread().scrollTop).toBe(top);
    fireEvent.wheel(thread(), { deltaY: 40 }); // turning down does not resume by itself
    contentGrowsTo(5700);
    expect(thread().scrollTop).toBe(top);
  });

  it('a wheel turned upwards is not undone by the first small steps of its own smooth scroll', () => {
    openThread();
    frames(SETTLED);
    streaming.start('r1');
    scrollTo(bottom());
    fireEvent.wheel(thread(), { deltaY: -400 });
    scrollTo(bottom() - 30); // the smooth scroll's first step: still within 80 px of the bottom
    const top = thread().scrollTop;
    contentGrowsTo(5600);
    expect(thread().scrollTop).toBe(top);
    scrollTo(bottom()); // the reader scrolls back down to the end: following again
    contentGrowsTo(5700);
    expect(thread().scrollTop).toBe(bottom());
  });

  it('with autoScroll on, brings a reader scrolled up down at most every 450 ms, with a trailing pass', () => {
    localStorage.setItem('autoScroll', 'true');
    openThread();
    frames(SETTLED);
    streaming.start('r1');
    scrollTo(1000);
    const before = hookScrolls;
    contentGrowsTo(5600); // the first growth is followed at once
    expect(hookScrolls).toBe(before + 1);
    expect(thread().scrollTop).toBe(bottom());
    scrollTo(1000);
    contentGrowsTo(6000);
    frames(400);
    scrollTo(1000);
    contentGrowsTo(6400); // still inside the 450 ms: one trailing pass covers both
    frames(49);
    expect(hookScrolls).toBe(before + 1);
    frames(1);
    expect(hookScrolls).toBe(before + 2);
    expect(thread().scrollTop).toBe(bottom());
    frames(1000);
    expect(hookScrolls).toBe(before + 2);
    expect(button()).toBeNull();
  });

  it('does not follow once the reply has finished', () => {
    openThread();
    frames(SETTLED);
    const before = hookScrolls;
    contentGrowsTo(5600);
    frames(1000);
    expect(hookScrolls).toBe(before);
    expect(thread().scrollTop).toBe(4000);
    expect(button()).not.toBeNull();
  });
});
