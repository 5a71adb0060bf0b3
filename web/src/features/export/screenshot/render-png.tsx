import { toBlob } from 'html-to-image';
import { createRoot, type Root } from 'react-dom/client';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { ExportThread, shotWidth, type ShotInput } from './export-thread.tsx';
import { maxShotPixels, messagesThatFit, shotScale } from './shot-size.ts';

const settleTimeoutMs = 10_000;
/** Room kept under the last message for the "more messages" line of a cut thread. */
const cutNoteRoom = 80;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether everything the picture needs has arrived: the markdown renderer, stored pictures and their pixels. */
function settled(node: HTMLElement, input: ShotInput): boolean {
  const rendered = node.querySelectorAll('.markdown').length;
  const replies = input.messages.filter((m) => !m.isUser && !m.error).length;
  if (rendered < replies) return false;
  if (node.querySelector('.animate-pulse')) return false;
  return [...node.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0);
}

/**
 * Stored pictures show from `blob:` URLs (their bytes need the session token), which the page's
 * content policy lets no fetch read; the picture library would fetch them to embed them. They are
 * copied into `data:` URLs from their already decoded pixels instead.
 */
async function inlineBlobImages(node: HTMLElement): Promise<void> {
  const images = [...node.querySelectorAll('img')].filter((img) => img.src.startsWith('blob:'));
  await Promise.all(
    images.map((img) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      canvas.getContext('2d')?.drawImage(img, 0, 0);
      const loaded = new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
      img.src = canvas.toDataURL('image/png');
      return loaded;
    }),
  );
}

/**
 * Pictures from other hosts the reader loaded in the chat: the picture library cannot fetch them
 * (the page's content policy), so they are copied from their pixels where the host allows it
 * (CORS); one that cannot be copied is left out, its description in its place.
 */
async function inlineForeignImages(node: HTMLElement): Promise<void> {
  const images = [...node.querySelectorAll('img')].filter((img) => /^https?:/.test(img.src) && new URL(img.src).origin !== location.origin);
  await Promise.all(
    images.map(async (img) => {
      try {
        const copy = new Image();
        copy.crossOrigin = 'anonymous';
        copy.src = img.src;
        await copy.decode();
        const canvas = document.createElement('canvas');
        canvas.width = copy.naturalWidth;
        canvas.height = copy.naturalHeight;
        canvas.getContext('2d')?.drawImage(copy, 0, 0);
        const loaded = new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
        img.src = canvas.toDataURL('image/png');
        await loaded;
      } catch {
        const note = document.createElement('span');
        note.textContent = img.alt;
        img.replaceWith(note);
      }
    }),
  );
}

/** Buttons and other controls (Copy code, Show source, load a picture) that mean nothing in a picture. */
const notChrome = (node: HTMLElement) => !(node instanceof HTMLElement && node.dataset.exportChrome !== undefined);

/** Renders the thread into the host and answers its node once everything in it has arrived. */
async function renderSettled(root: Root, host: HTMLElement, failure: { error?: unknown }, input: ShotInput, cut: number): Promise<HTMLElement> {
  // The thread's pieces (picture buttons) carry tooltips, which need their provider.
  root.render(
    <TooltipProvider>
      <ExportThread input={input} cut={cut} />
    </TooltipProvider>,
  );
  const deadline = Date.now() + settleTimeoutMs;
  const node = () => host.firstElementChild as HTMLElement | null;
  while (Date.now() < deadline) {
    if (failure.error) throw failure.error;
    const current = node();
    if (current && settled(current, input)) break;
    await pause(50);
  }
  await document.fonts?.ready;
  const current = node();
  if (!current) throw new Error('The thread did not render for the picture');
  return current;
}

/**
 * A PNG of the conversation as the reader sees it: the thread is rendered off screen with the
 * app's own components and styles, then copied into a picture. Within the size cap it is drawn
 * at 2× (less for a long thread); a thread taller than the cap at 1× keeps its first messages and
 * says how many were left out.
 */
export async function renderThreadPng(input: ShotInput): Promise<Blob> {
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  Object.assign(host.style, { position: 'fixed', top: '0', left: `-${shotWidth + 100}px`, pointerEvents: 'none' });
  document.body.append(host);
  const failure: { error?: unknown } = {};
  const root = createRoot(host, { onUncaughtError: (error) => (failure.error = error) });
  try {
    let node = await renderSettled(root, host, failure, input, 0);
    if (node.offsetHeight > maxShotPixels) {
      const bottoms = [...node.querySelectorAll<HTMLElement>('[data-shot-row]')].map((row) => row.offsetTop + row.offsetHeight);
      const kept = messagesThatFit(bottoms, maxShotPixels - cutNoteRoom);
      const shortened = { ...input, messages: input.messages.slice(0, kept) };
      node = await renderSettled(root, host, failure, shortened, input.messages.length - kept);
    }
    await inlineBlobImages(node);
    await inlineForeignImages(node);
    const blob = await toBlob(node, { pixelRatio: shotScale(node.offsetHeight), cacheBust: false, filter: notChrome });
    if (!blob) throw new Error('The thread produced no PNG');
    return blob;
  } finally {
    root.unmount();
    host.remove();
  }
}
