import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { chatFlag } from './chat-settings.ts';
import { useStreamingStore } from './streaming-store.ts';

/** How long a freshly opened thread keeps re-pinning to the bottom while row heights settle (SPEC 9). */
const SETTLE_MS = 650;
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

  // Streaming text grows: follow it when the user asked for auto-scroll.
  useEffect(
    () =>
      useStreamingStore.subscribe((state, previous) => {
        if (state.text === previous.text && state.reasoning === previous.reasoning) return;
        if (state.messageId && chatFlag('autoScroll')) requestAnimationFrame(() => toBottom());
        else update();
      }),
    [toBottom, update],
  );

  return { showButton, onScroll: update, scrollToBottom: () => toBottom('smooth') };
}
