import { toBlob } from 'html-to-image';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
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

async function waitSettled(node: HTMLElement, input: ShotInput): Promise<void> {
  const deadline = Date.now() + settleTimeoutMs;
  while (!settled(node, input) && Date.now() < deadline) await pause(50);
  await document.fonts?.ready;
}

function render(root: Root, input: ShotInput, cut: number) {
  flushSync(() => root.render(<ExportThread input={input} cut={cut} />));
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
  const root = createRoot(host);
  try {
    render(root, input, 0);
    let node = host.firstElementChild as HTMLElement;
    await waitSettled(node, input);
    if (node.offsetHeight > maxShotPixels) {
      const bottoms = [...node.querySelectorAll<HTMLElement>('[data-shot-row]')].map((row) => row.offsetTop + row.offsetHeight);
      const kept = messagesThatFit(bottoms, maxShotPixels - cutNoteRoom);
      const shortened = { ...input, messages: input.messages.slice(0, kept) };
      render(root, shortened, input.messages.length - kept);
      node = host.firstElementChild as HTMLElement;
      await waitSettled(node, shortened);
    }
    const blob = await toBlob(node, { pixelRatio: shotScale(node.offsetHeight), cacheBust: false });
    if (!blob) throw new Error('The thread produced no PNG');
    return blob;
  } finally {
    root.unmount();
    host.remove();
  }
}
