import { Suspense, useState } from 'react';
import { MenuTriggerFace, type NewConvoMenuProps } from '../presets/menu-trigger-face.tsx';
import { lazyExtra, loadChatExtras } from './load-chat-extras.ts';

const NewConvoMenuPopover = lazyExtra('NewConvoMenuPopover');
const preload = () => void loadChatExtras();

/**
 * SPEC point 2: the new-conversation menu, on the endpoint tile at the start of the options bar.
 * Until its first use only the tile is on the page; the menu (Radix popover, presets, import)
 * is fetched on hover or focus and opened by the click.
 */
export function NewConvoMenu({ endpoint, disabled }: NewConvoMenuProps) {
  const [used, setUsed] = useState(false);
  const face = (
    <MenuTriggerFace endpoint={endpoint} disabled={disabled} onPointerEnter={preload} onFocus={preload} onClick={() => setUsed(true)} />
  );
  if (!used) return face;
  return (
    <Suspense fallback={face}>
      <NewConvoMenuPopover endpoint={endpoint} disabled={disabled} />
    </Suspense>
  );
}
