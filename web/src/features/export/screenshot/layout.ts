import { toBlocks } from './text-blocks.ts';
import { wrapLine } from './wrap.ts';

export type FontRole = 'title' | 'meta' | 'sender' | 'body' | 'heading' | 'code' | 'avatar';
export type ColorRole = 'text' | 'muted' | 'bubble' | 'codeBackground' | 'codeText' | 'error' | 'rule' | 'accent' | 'onAccent';

/** Size, line height and face of each kind of text, in CSS pixels. */
export const fonts: Record<FontRole, { size: number; lineHeight: number; bold: boolean; mono: boolean }> = {
  title: { size: 22, lineHeight: 30, bold: true, mono: false },
  meta: { size: 13, lineHeight: 20, bold: false, mono: false },
  sender: { size: 14, lineHeight: 20, bold: true, mono: false },
  body: { size: 15, lineHeight: 24, bold: false, mono: false },
  heading: { size: 16, lineHeight: 26, bold: true, mono: false },
  code: { size: 13, lineHeight: 20, bold: false, mono: true },
  avatar: { size: 13, lineHeight: 28, bold: true, mono: false },
};

/** One drawing instruction; `y` is the top of the line or shape. */
export type DrawOp =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; radius: number; color: ColorRole }
  | { kind: 'text'; x: number; y: number; text: string; font: FontRole; color: ColorRole }
  | { kind: 'rule'; x: number; y: number; width: number };

interface ShotMessage {
  sender: string;
  text: string;
  isUser: boolean;
  error: boolean;
}

export interface ShotInput {
  title: string;
  /** Endpoint, model and date, under the title. */
  subtitle: string;
  messages: readonly ShotMessage[];
}

export interface ShotLayout {
  width: number;
  height: number;
  ops: DrawOp[];
  /** Messages were left out because the picture would pass `maxHeight`. */
  truncated: boolean;
}

export type FontMeasure = (text: string, font: FontRole) => number;

const padding = 40;
const messageGap = 28;
const avatarSize = 28;
const indent = avatarSize + 12;
const bubblePad = { x: 16, y: 10 };
const codePad = 12;

/** Lines of one message, positioned from y = 0, and the height they take. */
function layoutMessage(message: ShotMessage, left: number, width: number, measure: FontMeasure): { ops: DrawOp[]; height: number } {
  const ops: DrawOp[] = [];
  if (message.isUser) {
    const max = Math.round(width * 0.75) - 2 * bubblePad.x;
    const lines = toBlocks(message.text, false)[0]!.lines.flatMap((line) => wrapLine(line, max, (t) => measure(t, 'body')));
    const inner = Math.min(max, Math.max(...lines.map((line) => measure(line, 'body'))));
    const bubbleWidth = Math.ceil(inner) + 2 * bubblePad.x;
    const x = left + width - bubbleWidth;
    const height = lines.length * fonts.body.lineHeight + 2 * bubblePad.y;
    ops.push({ kind: 'rect', x, y: 0, width: bubbleWidth, height, radius: 18, color: 'bubble' });
    lines.forEach((text, i) => ops.push({ kind: 'text', x: x + bubblePad.x, y: bubblePad.y + i * fonts.body.lineHeight, text, font: 'body', color: 'text' }));
    return { ops, height };
  }

  ops.push({ kind: 'rect', x: left, y: 0, width: avatarSize, height: avatarSize, radius: 8, color: 'accent' });
  const initial = Array.from(message.sender.trim())[0]?.toUpperCase() ?? '?';
  ops.push({ kind: 'text', x: left + (avatarSize - measure(initial, 'avatar')) / 2, y: 0, text: initial, font: 'avatar', color: 'onAccent' });
  ops.push({ kind: 'text', x: left + indent, y: 4, text: message.sender, font: 'sender', color: 'text' });

  const x = left + indent;
  const textWidth = width - indent;
  let y = 4 + fonts.sender.lineHeight + 4;
  toBlocks(message.text, !message.error).forEach((block, index) => {
    if (index > 0) y += 8;
    if (block.kind === 'code') {
      const lines = block.lines.flatMap((line) => wrapLine(line, textWidth - 2 * codePad, (t) => measure(t, 'code'), true));
      const height = lines.length * fonts.code.lineHeight + 2 * codePad;
      ops.push({ kind: 'rect', x, y, width: textWidth, height, radius: 10, color: 'codeBackground' });
      lines.forEach((text, i) => ops.push({ kind: 'text', x: x + codePad, y: y + codePad + i * fonts.code.lineHeight, text, font: 'code', color: 'codeText' }));
      y += height;
      return;
    }
    const font: FontRole = block.kind === 'heading' ? 'heading' : 'body';
    for (const source of block.lines) {
      // A blank line separates paragraphs; half a line is enough space for that.
      if (source.trim() === '') {
        y += fonts[font].lineHeight / 2;
        continue;
      }
      for (const text of wrapLine(source, textWidth, (t) => measure(t, font))) {
        ops.push({ kind: 'text', x, y, text, font, color: message.error ? 'error' : 'text' });
        y += fonts[font].lineHeight;
      }
    }
  });
  return { ops, height: Math.max(y, avatarSize) };
}

/**
 * The picture of a thread as drawing instructions: the title and a line of facts, a rule, then
 * each message (the user's in a bubble on the right, replies under an avatar and the sender's
 * name). Messages that would push the picture past `maxHeight` are left out.
 */
export function layoutThread(input: ShotInput, measure: FontMeasure, options: { width?: number; maxHeight?: number } = {}): ShotLayout {
  const width = options.width ?? 820;
  const maxHeight = options.maxHeight ?? Number.POSITIVE_INFINITY;
  const content = width - 2 * padding;
  const ops: DrawOp[] = [];
  let y = padding;

  for (const text of wrapLine(input.title, content, (t) => measure(t, 'title'))) {
    ops.push({ kind: 'text', x: padding, y, text, font: 'title', color: 'text' });
    y += fonts.title.lineHeight;
  }
  ops.push({ kind: 'text', x: padding, y: y + 4, text: input.subtitle, font: 'meta', color: 'muted' });
  y += 4 + fonts.meta.lineHeight + 18;
  ops.push({ kind: 'rule', x: padding, y, width: content });
  y += 28;

  let truncated = false;
  input.messages.forEach((message, index) => {
    if (truncated) return;
    const laid = layoutMessage(message, padding, content, measure);
    const gap = index > 0 ? messageGap : 0;
    if (y + gap + laid.height + padding > maxHeight) {
      truncated = true;
      ops.push({ kind: 'text', x: padding, y: y + gap, text: '…', font: 'heading', color: 'muted' });
      y += gap + fonts.heading.lineHeight;
      return;
    }
    y += gap;
    for (const op of laid.ops) ops.push({ ...op, y: op.y + y });
    y += laid.height;
  });
  return { width, height: Math.ceil(y + padding), ops, truncated };
}
