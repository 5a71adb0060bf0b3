import { elementScroll, type Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { chatFlag } from '../../state/chat-settings.ts';
import { useStreamingStore } from '../../state/streaming-store.ts';

/** How long a freshly opened thread keeps re-pinning to the bottom while row heights settle (SPEC 9). */
const SETTLE_MS = 650;
/** A finished reply re-renders once more (final markdown): the bottom stays pinned this long after it. */
const FINISH_MS = 300;
/** With the autoScroll setting ("always follow"), a reader scrolled up is brought down at most this often. */
const FOLLOW_THROTTLE_MS = 450;
/** The reader counts as at the bottom while at most this much of the thread lies below the view. */
const AT_BOTTOM_PX = 80;
/** A move up smaller than this (the virtualizer trimming its end padding) still counts as at the bottom. */
const NUDGE_PX = 30;
/** The scroll-down button shows once this share of the view height lies below it (SPEC point 9). */
const UNSEEN_SHARE = 0.15;

function unseenBelow(el: HTMLElement): number {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

export interface ThreadScrollParts {
  scrollRef: RefObject<HTMLDivElement | null>;
  contentRef: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  /** Changes when another conversation opens: the thread jumps to its end. */
  openedKey: string;
  count: number;
  /** The first row's key: it changes when earlier messages arrive above the rows shown. */
  firstKey: string | undefined;
  /** Where the virtualizer last scrolled to itself (`virtualizerScrollTo`), to tell its moves from the reader's. */
  virtualTop: RefObject<number | null>;
  /** A row to bring into view (a search hit), with a count that changes each time it is asked for. */
  focus?: { index: number; count: number } | null;
}

/** The virtualizer's own scrolling (its adjustments as rows above the view measure), noted in `virtualTop`. */
export function virtualizerScrollTo(virtualTop: RefObject<number | null>): VirtualizerOptions<HTMLDivElement, Element>['scrollToFn'] {
  return (offset, options, instance) => {
    virtualTop.current = offset + (options.adjustments ?? 0);
    elementScroll(offset, options, instance);
  };
}

/**
 * Scroll behaviour of the thread: open at the bottom, jump down when a message is sent, follow
 * a streaming reply while the reader stays at the bottom (always, with the autoScroll setting),
 * and tell when to offer the scroll-to-bottom button. Scrolling up stops following at once;
 * coming back to the bottom resumes it.
 */
export function useThreadScroll({ scrollRef, contentRef, virtualizer, openedKey, count, firstKey, virtualTop, focus }: ThreadScrollParts) {
  const [showButton, setShowButton] = useState(false);
  const pinUntil = useRef(0);
  /** Whether the reader is at the bottom, so new text should stay in view. */
  const following = useRef(true);

  const update = useCallback(() => {
    const el = scrollRef.current;
    if (el) setShowButton(unseenBelow(el) >= el.clientHeight * UNSEEN_SHARE);
  }, [scrollRef]);

  // Moving up more than a nudge from the bottom (a drag, a key, the scrollbar) stops following;
  // coming back within 80 px of the bottom resumes it. `anchorTop` is the lowest point reached
  // while following, so small steps up add up.
  const anchorTop = useRef(0);
  const lastTop = useRef(0);
  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    // The virtualizer moves the view up itself as rows above it measure smaller: not the reader leaving.
    const byVirtualizer = virtualTop.current !== null && Math.abs(el.scrollTop - virtualTop.current) < 2;
    virtualTop.current = null;
    // A smooth wheel scroll up arrives in small steps, the first still near the bottom: only a
    // move that is not upwards brings a reader who left back to following.
    const movedUp = el.scrollTop < lastTop.current;
    lastTop.current = el.scrollTop;
    if (following.current && !byVirtualizer && el.scrollTop < anchorTop.current - NUDGE_PX) following.current = false;
    else if (unseenBelow(el) <= AT_BOTTOM_PX && (following.current || !movedUp)) {
      anchorTop.current = following.current ? Math.max(anchorTop.current, el.scrollTop) : el.scrollTop;
      following.current = true;
    }
    update();
  }, [scrollRef, update, virtualTop]);

  /** A wheel turned upwards stops following before the scroll event it causes arrives. */
  const onWheel = useCallback((event: { deltaY: number }) => {
    if (event.deltaY < 0) following.current = false;
  }, []);

  const toBottom = useCallback(
    (behavior: ScrollBehavior = 'auto') => {
      const el = scrollRef.current;
      if (!el) return;
      following.current = true;
      if (count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
      el.scrollTo({ top: el.scrollHeight, behavior });
      anchorTop.current = el.scrollTop;
    },
    [scrollRef, virtualizer, count],
  );

  /** Keeps the view at the bottom for `ms` while rows measure, then re-checks the button. */
  const pinFor = useCallback(
    (ms: number) => {
      pinUntil.current = performance.now() + ms;
      let frame = requestAnimationFrame(function pin() {
        if (!following.current) return update();
        toBottom();
        if (performance.now() < pinUntil.current) frame = requestAnimationFrame(pin);
        else update();
      });
      return () => cancelAnimationFrame(frame);
    },
    [toBottom, update],
  );

  // Opening a conversation (or a new one): land at the bottom and stay there while rows measure.
  useEffect(() => {
    following.current = true;
    return pinFor(SETTLE_MS);
    // Only a different conversation re-pins; pinFor changes with every message count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openedKey]);

  // A search hit: the reader is taken to its row (centred, kept there while rows measure), not to the bottom.
  const focusIndex = focus?.index;
  const focusCount = focus?.count;
  useEffect(() => {
    if (focusIndex === undefined) return;
    following.current = false;
    const until = performance.now() + SETTLE_MS;
    let frame = requestAnimationFrame(function centre() {
      virtualizer.scrollToIndex(focusIndex, { align: 'center' });
      if (performance.now() < until) frame = requestAnimationFrame(centre);
      else update();
    });
    return () => cancelAnimationFrame(frame);
    // A new request (count) or another row re-centres; the virtualizer itself is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusIndex, focusCount]);

  // The view itself changed size (a window resized, a phone turned, its keyboard opened): a reader
  // at the bottom stays there while the rows re-measure at the new width.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let size = [el.clientWidth, el.clientHeight];
    let stopPin: () => void = () => undefined;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === size[0] && el.clientHeight === size[1]) return;
      size = [el.clientWidth, el.clientHeight];
      stopPin();
      if (following.current) stopPin = pinFor(SETTLE_MS);
      else update();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      stopPin();
    };
  }, [scrollRef, pinFor, update]);

  // A message was added (sent, regenerated): show it. The rest of a long conversation arriving
  // above it keeps the view: at the bottom while following, else on the rows being read.
  const lastCount = useRef(count);
  const lastFirst = useRef(firstKey);
  useEffect(() => {
    const added = count - lastCount.current;
    // Earlier messages came above when the former first row now sits right after them.
    const formerFirst = added > 0 ? virtualizer.measurementsCache[added] : undefined;
    const above = formerFirst !== undefined && formerFirst.key === lastFirst.current;
    lastCount.current = count;
    lastFirst.current = firstKey;
    if (added <= 0) return;
    if (!above) {
      requestAnimationFrame(() => toBottom());
      return;
    }
    if (following.current) return pinFor(SETTLE_MS);
    // The rows being read keep their place on screen: moved down by what came above them, as
    // measured (the rows just added at the top were measured as they mounted).
    const [formerFirstTop = formerFirst.start] = virtualizer.getOffsetForIndex(added, 'start') ?? [];
    virtualizer.scrollToOffset((scrollRef.current?.scrollTop ?? 0) + formerFirstTop - (virtualizer.options.paddingStart ?? 0));
  }, [count, firstKey, toBottom, pinFor, virtualizer, scrollRef]);

  // A reply finished: its final render may still grow the row, so a following reader stays pinned.
  const streamingId = useStreamingStore((s) => s.messageId);
  const wasStreaming = useRef(streamingId);
  useEffect(() => {
    const finished = wasStreaming.current !== null && streamingId === null;
    wasStreaming.current = streamingId;
    if (finished && following.current) return pinFor(FINISH_MS);
  }, [streamingId, pinFor]);

  // The thread grew or shrank (streaming text, a measured row). While a reply streams, a reader
  // at the bottom is kept there on every growth; with autoScroll on, one scrolled up is brought
  // down at most every 450 ms, with a trailing pass so the last words are never left below.
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
      if (!useStreamingStore.getState().messageId) return update();
      if (following.current) return follow();
      if (!chatFlag('autoScroll')) return update();
      clearTimeout(trailing);
      const wait = FOLLOW_THROTTLE_MS - (performance.now() - last);
      if (wait <= 0) follow();
      else trailing = setTimeout(follow, wait);
    });
    // The rows too: a growing row is seen in the frame it grows, before the virtualizer re-sizes
    // the content a frame or two later, so the new line never shows below the fold first.
    observer.observe(content);
    Array.from(content.children, (row) => observer.observe(row));
    const rows = new MutationObserver((changes) => {
      for (const change of changes) {
        change.addedNodes.forEach((row) => row instanceof Element && observer.observe(row));
        change.removedNodes.forEach((row) => row instanceof Element && observer.unobserve(row));
      }
    });
    rows.observe(content, { childList: true });
    return () => {
      observer.disconnect();
      rows.disconnect();
      clearTimeout(trailing);
    };
  }, [contentRef, toBottom, update]);

  return { showButton, onScroll, onWheel, scrollToBottom: () => toBottom('smooth') };
}
