import { fonts, layoutThread, type ColorRole, type FontRole, type ShotInput } from './layout.ts';

const palettes: Record<'light' | 'dark', Record<ColorRole | 'background', string>> = {
  light: {
    background: '#ffffff',
    text: '#171717',
    muted: '#737373',
    bubble: '#f4f4f5',
    codeBackground: '#f6f8fa',
    codeText: '#24292f',
    error: '#b91c1c',
    rule: '#e5e5e5',
    accent: '#10a37f',
    onAccent: '#ffffff',
  },
  dark: {
    background: '#171717',
    text: '#f5f5f5',
    muted: '#a3a3a3',
    bubble: '#2a2a2a',
    codeBackground: '#0d0d0d',
    codeText: '#e5e5e5',
    error: '#f87171',
    rule: '#404040',
    accent: '#10a37f',
    onAccent: '#ffffff',
  },
};

const monoFamily = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "Noto Sans Mono CJK SC", monospace';
/** Chromium refuses canvases taller than 32,767 device pixels; stay clear of that. */
const maxCanvasSide = 32_000;
const preferredScale = 2;

function canvasFont(role: FontRole, family: string): string {
  const font = fonts[role];
  return `${font.bold ? '600 ' : ''}${font.size}px ${font.mono ? monoFamily : family}`;
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The canvas produced no PNG'))), 'image/png');
  });
}

/**
 * Draws the thread onto a canvas in the page's own font and theme and encodes it as PNG. The
 * picture is twice the CSS size for sharp text unless that would pass the canvas limit; a
 * thread too long even at 1× is cut with an ellipsis.
 */
export async function renderThreadPng(input: ShotInput, theme: 'light' | 'dark'): Promise<Blob> {
  await document.fonts?.ready;
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const colors = palettes[theme];
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');

  const measure = (text: string, role: FontRole) => {
    context.font = canvasFont(role, family);
    return context.measureText(text).width;
  };
  const layout = layoutThread(input, measure, { maxHeight: maxCanvasSide });
  const scale = Math.min(preferredScale, maxCanvasSide / layout.height);
  canvas.width = Math.ceil(layout.width * scale);
  canvas.height = Math.ceil(layout.height * scale);

  context.scale(scale, scale);
  context.fillStyle = colors.background;
  context.fillRect(0, 0, layout.width, layout.height);
  context.textBaseline = 'middle';
  for (const op of layout.ops) {
    if (op.kind === 'rect') {
      context.fillStyle = colors[op.color];
      context.beginPath();
      context.roundRect(op.x, op.y, op.width, op.height, op.radius);
      context.fill();
    } else if (op.kind === 'rule') {
      context.fillStyle = colors.rule;
      context.fillRect(op.x, op.y, op.width, 1);
    } else {
      context.font = canvasFont(op.font, family);
      context.fillStyle = colors[op.color];
      context.fillText(op.text, op.x, op.y + fonts[op.font].lineHeight / 2);
    }
  }
  return toPng(canvas);
}
