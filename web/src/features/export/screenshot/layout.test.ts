import { describe, expect, it } from 'vitest';
import { fonts, layoutThread, type DrawOp, type ShotInput } from './layout.ts';

const measure = (text: string) => Array.from(text).length * 8;
const texts = (ops: DrawOp[]) => ops.flatMap((op) => (op.kind === 'text' ? [op.text] : []));

const input: ShotInput = {
  title: 'Cats',
  subtitle: 'OpenAI · gpt-4o',
  messages: [
    { sender: 'User', text: 'Tell me about cats', isUser: true, error: false },
    { sender: 'ChatGPT', text: 'Cats **purr**.\n\n```\nmeow()\n```', isUser: false, error: false },
  ],
};

describe('layoutThread', () => {
  it('draws the title, the facts, then every message in order', () => {
    const layout = layoutThread(input, measure);
    expect(texts(layout.ops)).toEqual(['Cats', 'OpenAI · gpt-4o', 'Tell me about cats', 'C', 'ChatGPT', 'Cats purr.', 'meow()']);
    expect(layout.truncated).toBe(false);
  });

  it('puts the user bubble against the right edge and the reply text beside the avatar', () => {
    const layout = layoutThread(input, measure, { width: 600 });
    const bubble = layout.ops.find((op) => op.kind === 'rect' && op.color === 'bubble') as Extract<DrawOp, { kind: 'rect' }>;
    expect(bubble.x + bubble.width).toBe(600 - 40);
    expect(bubble.width).toBe(18 * 8 + 32);
    const reply = layout.ops.find((op) => op.kind === 'text' && op.text === 'Cats purr.')!;
    expect(reply.x).toBe(40 + 40);
  });

  it('draws code on its own background, below the text before it', () => {
    const layout = layoutThread(input, measure);
    const code = layout.ops.find((op) => op.kind === 'rect' && op.color === 'codeBackground')!;
    const before = layout.ops.find((op) => op.kind === 'text' && op.text === 'Cats purr.')!;
    expect(code.y).toBeGreaterThan(before.y);
    expect(layout.height).toBeGreaterThan(code.y);
  });

  it('grows with long text: a wrapped reply takes one line height per line', () => {
    const short = layoutThread({ ...input, messages: [{ sender: 'A', text: 'word', isUser: false, error: false }] }, measure, { width: 400 });
    const long = layoutThread({ ...input, messages: [{ sender: 'A', text: 'word '.repeat(60), isUser: false, error: false }] }, measure, { width: 400 });
    const lines = texts(long.ops).filter((t) => t.startsWith('word')).length;
    expect(lines).toBeGreaterThan(5);
    expect(long.height - short.height).toBe((lines - 1) * fonts.body.lineHeight);
  });

  it('leaves out what would pass the height limit and marks the cut with an ellipsis', () => {
    const many = { ...input, messages: Array.from({ length: 50 }, (_, i) => ({ sender: 'User', text: `message ${i}`, isUser: true, error: false })) };
    const layout = layoutThread(many, measure, { maxHeight: 1000 });
    expect(layout.truncated).toBe(true);
    expect(layout.height).toBeLessThanOrEqual(1000);
    expect(texts(layout.ops).at(-1)).toBe('…');
    expect(texts(layout.ops)).toContain('message 0');
    expect(texts(layout.ops)).not.toContain('message 49');
  });
});
