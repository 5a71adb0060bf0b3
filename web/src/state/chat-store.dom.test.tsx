// @vitest-environment happy-dom
import { ROOT_PARENT_ID, type Message } from '@parley/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useMemo } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../locales/i18n.ts';
import { MessageBody } from '../features/messages/message-body.tsx';
import { visibleBranch } from './visible-branch.ts';
import { chat, useChatStore } from './chat-store.ts';
import { placeholderFor, userDraft } from './drafts.ts';

/**
 * The thread as the chat view reads it: the whole store, its shown branch, each row's body and
 * its place among its siblings. Counts its renders, so a store change that does not re-render is seen.
 */
let renders = 0;
function ShownBranch() {
  const { messages, choice } = useChatStore();
  const rows = useMemo(() => visibleBranch(messages, choice), [messages, choice]);
  renders++;
  return (
    <ol>
      {rows.map((row) => (
        <li key={row.message.messageId} data-testid="row" data-id={row.message.messageId}>
          <span data-testid="sibling">{`${row.siblingIndex + 1}/${row.siblingIds.length}`}</span>
          <MessageBody message={row.message} />
        </li>
      ))}
    </ol>
  );
}

const request = userDraft({ messageId: 'u1', conversationId: 'c1', parentMessageId: ROOT_PARENT_ID, text: 'Tell me a story', endpoint: 'openAI', model: 'gpt-4o' });
const placeholder = placeholderFor(request);
const saved = (messageId: string, text: string): Message => ({ ...placeholder, messageId, text, unfinished: false, finish_reason: 'stop' });

const rowIds = () => screen.queryAllByTestId('row').map((row) => row.dataset.id);
const rowTexts = () => screen.queryAllByTestId('row').map((row) => row.textContent);

// The app's own translations (en-US here), so an error row reads as the user sees it.
beforeAll(initI18n);
beforeEach(() => {
  chat.openNew();
  renders = 0;
});
afterEach(cleanup);

describe('a thread subscribed to the chat store', () => {
  it('draws the request and its empty placeholder as soon as they are upserted', () => {
    render(<ShownBranch />);
    expect(rowIds()).toEqual([]);
    act(() => chat.upsert([request, placeholder]));
    expect(rowIds()).toEqual(['u1', placeholder.messageId]);
    expect(rowTexts()[0]).toBe('1/1Tell me a story');
  });

  it('replaces the placeholder with the saved reply in place, re-rendering with its text', async () => {
    render(<ShownBranch />);
    act(() => chat.upsert([request, placeholder]));
    const before = renders;
    act(() => chat.replace(placeholder.messageId, saved('r1', 'Once upon a time')));
    expect(renders).toBeGreaterThan(before);
    expect(rowIds()).toEqual(['u1', 'r1']);
    expect(await screen.findByText('Once upon a time')).toBeTruthy();
    expect(screen.queryByText(/unfinished/)).toBeNull();
  });

  it('shows a regenerated reply as the newest sibling, and switching siblings redraws the chosen one', async () => {
    render(<ShownBranch />);
    act(() => chat.upsert([request, saved('r1', 'First answer')]));
    act(() => chat.upsert([saved('r2', 'Second answer')]));
    expect(rowIds()).toEqual(['u1', 'r2']);
    expect(await screen.findByText('Second answer')).toBeTruthy();
    expect(screen.getAllByTestId('sibling').map((s) => s.textContent)).toEqual(['1/1', '2/2']);

    act(() => chat.choose('u1', 'r1'));
    expect(rowIds()).toEqual(['u1', 'r1']);
    expect(await screen.findByText('First answer')).toBeTruthy();
    expect(screen.queryByText('Second answer')).toBeNull();
    expect(screen.getAllByTestId('sibling').map((s) => s.textContent)).toEqual(['1/1', '1/2']);

    // Regenerating again moves the view to the new reply, whatever was chosen before.
    act(() => chat.upsert([saved('r3', 'Third answer')]));
    expect(rowIds()).toEqual(['u1', 'r3']);
    expect(screen.getAllByTestId('sibling').map((s) => s.textContent)).toEqual(['1/1', '3/3']);
  });

  it('shows a failed continue as an error sibling while the continued reply keeps its text', async () => {
    render(<ShownBranch />);
    act(() => chat.upsert([request, saved('r1', 'Once upon')]));
    const error: Message = { ...saved('r1-failed', '{"type":"invalid_api_key"}'), error: true };
    act(() => chat.keepWithError({ ...saved('r1', 'Once upon'), unfinished: true }, error));
    expect(rowIds()).toEqual(['u1', 'r1-failed']);
    expect(screen.getByTestId('message-error').textContent).toContain('Invalid API key.');
    act(() => chat.choose('u1', 'r1'));
    expect(await screen.findByText('Once upon')).toBeTruthy();
    expect(screen.queryByTestId('message-error')).toBeNull();
  });

  it('empties the thread when another conversation opens', () => {
    render(<ShownBranch />);
    act(() => chat.upsert([request, placeholder]));
    act(() => chat.openNew());
    expect(rowIds()).toEqual([]);
  });
});
