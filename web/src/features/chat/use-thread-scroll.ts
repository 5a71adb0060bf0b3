import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { chatFlag } from './chat-settings.ts';
import { useStreamingStore } from './streaming-store.ts';

/** How long a freshly opened thread keeps re-pinning to the bottom while row heights settle (SPEC 9). */
const SETTLE_MS = 650;
/** Following streaming text scrolls at most this often (SPEC point 9: instant scroll throttle). */
const FOLLOW_THROTTLE_MS = 450;
/** The scroll-down button shows once this share of the view height lies below it (SPEC point 9). */
const UNSEEN_SHARE = 0.15;

function unseenBelow(el: HTMLElement): number {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

/**
 * Scroll behaviour of the thread: open at the bottom, jump down when a message is sent,
 * follow streaming text when the autoScroll setting is on, and tell when to offer the
 * scroll-to-bottom button.
 */
export function useThreadScroll(
  scrollRef: RefObject<HTMLDivElement | null>,
  contentRef: RefObject<HTMLDivElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  openedKey: string,
  count: number,
) {
  const [showButton, setShowButton] = useState(false);
  const pinUntil = useRef(0);

  const update = useCallback(() => {
    const el = scrollRef.current;
    if (el) setShowButton(unseenBelow(el) >= el.clientHeight * UNSEEN_SHARE);
  }, [scrollRef]);

  const toBottom = useCallback(
    (behavior: ScrollBehavior = 'auto') => {
      const el = scrollRef.current;
      if (!el) return;
      if (count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
      el.scrollTo({ top: el.scrollHeight, behavior });
    },
    [scrollRef, virtualizer, count],
  );

  // Opening a conversation (or a new one): land at the bottom and stay there while rows measure.
  useEffect(() => {
    pinUntil.current = performance.now() + SETTLE_MS;
    let frame = requestAnimationFrame(function pin() {
      toBottom();
      if (performance.now() < pinUntil.current) frame = requestAnimationFrame(pin);
      else update();
    });
    return () => cancelAnimationFrame(frame);
    // Only a different conversation re-pins; toBottom changes with every message count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openedKey]);

  // A message was added (sent, regenerated): show it.
  const lastCount = useRef(count);
  useEffect(() => {
    if (count > lastCount.current) requestAnimationFrame(() => toBottom());
    lastCount.current = count;
  }, [count, toBottom]);

  // The thread grew or shrank (streaming text, a measured row): re-check the button, and while a
  // reply streams with auto-scroll on, follow it at most every 450 ms with a trailing pass so
  // the last words are never left below the fold.
  useEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const follow = () => {
      last = performance.now();
      toBottom();
      update();
    };
    const observer = new ResizeObserver(() => {
      if (!useStreamingStore.getState().messageId || !chatFlag('autoScroll')) return update();
      clearTimeout(trailing);
      const wait = FOLLOW_THROTTLE_MS - (performance.now() - last);
      if (wait <= 0) follow();
      else trailing = setTimeout(follow, wait);
    });
    observer.observe(content);
    return () => {
      observer.disconnect();
      clearTimeout(trailing);
    };
  }, [contentRef, toBottom, update]);

  return { showButton, onScroll: update, scrollToBottom: () => toBottom('smooth') };
}
