import type { AppContext } from '../../app/context.ts';
import { runsInThisThread } from '../../db/in-thread.ts';
import { presentMessage, type MessageRow } from '../../presenters/present-message.ts';
import { isStored, type Exchange } from './prepare-exchange.ts';
import { announcedUserMessage, saveAnnouncedUserMessage } from './save-request.ts';

/**
 * How long a new user message waits on a database in this thread (PGlite) for the reply's first
 * delta before it is stored anyway: a real model's first token is hundreds of milliseconds away,
 * and `created` (which a stop button and the sidebar need) then comes this late at most.
 */
const RELAY_FIRST_MS = 20;

/** The user message of an exchange on its way into the database, and the stream's `created` frame that announces it. */
export interface UserMessageGate {
  /** Resolves once `created` is on the stream; rejects, with nothing announced, when the message could not be stored before. */
  readonly announced: Promise<MessageRow>;
  /** Resolves once the message is in the database; rejects when it could not be stored (maybe after `created`). */
  readonly stored: Promise<MessageRow>;
  /** The reply's first delta is to be appended: resolves once `created` is out (at once, if the message is not being stored yet). */
  beforeFirstDelta(): Promise<MessageRow>;
  /** The reply ends with nothing shown: stores the message now if it waits, and resolves once it is stored. */
  beforeEnd(): Promise<MessageRow>;
}

interface Settled<T> {
  promise: Promise<T>;
  settle(from: Promise<T>): void;
}

/** A promise settled later, by another one; never an unhandled rejection while no one waits for it. */
function settledLater<T>(): Settled<T> {
  let settle!: (from: Promise<T>) => void;
  const promise = new Promise<T>((resolve, reject) => (settle = (from) => from.then(resolve, reject)));
  promise.catch(() => undefined);
  return { promise, settle };
}

/**
 * Stores an exchange's new user message and announces it with `created`, in one of two orders.
 * Normally the message is stored first (batched with the others starting in the same turn), then
 * announced. On PGlite the insert runs in this thread, about a millisecond of it: begun while the
 * upstream's answer arrived, that answer waited. There the message waits up to `RELAY_FIRST_MS`
 * for the first delta: if it comes first, `created` is announced with the row as it will be
 * stored (stamped now), the delta follows, and the insert is queued in the same turn, ahead of
 * any statement a client could send after reading `created` (PGlite runs one statement at a
 * time, in order; the statement itself waits for the writes already queued, see
 * `pendingWritesOut`). An insert that fails then (an id taken since `prepareExchange` checked it)
 * rejects `stored` after `created` went out.
 */
export function openUserMessageGate(ctx: AppContext, exchange: Exchange, streamId: string): UserMessageGate {
  const announced = settledLater<MessageRow>();
  const stored = settledLater<MessageRow>();
  let begun = false;
  let timer: NodeJS.Timeout | undefined;

  const announce = (row: MessageRow) =>
    ctx.streams
      .append(streamId, { event: 'message', data: { created: true, message: presentMessage(row), conversationId: exchange.conversationId, streamId } })
      .then(() => row);

  function storeThenAnnounce() {
    if (begun) return;
    begun = true;
    clearTimeout(timer);
    const saved = ctx.userMessageSaves.save(exchange);
    stored.settle(saved);
    announced.settle(saved.then(announce));
  }

  function announceThenStore() {
    begun = true;
    clearTimeout(timer);
    const row = announcedUserMessage(exchange, new Date());
    const out = announce(row);
    announced.settle(out);
    // Queued now, in the turn that writes `created`: a turn later, a client's read sent on seeing `created` could
    // come first (a delta relayed from a check-phase callback leaves a poll phase before the next check phase).
    stored.settle(out.then(() => saveAnnouncedUserMessage(ctx.db, exchange, row)));
  }

  const relayFirst = !isStored(exchange.userMessage) && runsInThisThread(ctx.db);
  if (relayFirst) timer = setTimeout(storeThenAnnounce, RELAY_FIRST_MS);
  else storeThenAnnounce();

  return {
    announced: announced.promise,
    stored: stored.promise,
    beforeFirstDelta() {
      if (!begun) announceThenStore();
      return announced.promise;
    },
    beforeEnd() {
      storeThenAnnounce();
      return announced.promise.then(() => stored.promise);
    },
  };
}
