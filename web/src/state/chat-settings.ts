/** The chat switches of the settings (SPEC point 3): both default to off. */
export type ChatFlag = 'autoScroll' | 'enterToNewline';

/**
 * Read at the moment of use rather than cached, so a change in the settings dialog (or in
 * another tab) applies to the next key press or delta without a reload.
 */
export function chatFlag(name: ChatFlag): boolean {
  try {
    const value = localStorage.getItem(name);
    return value === 'true' || value === '1';
  } catch {
    return false;
  }
}

/**
 * Whether a key press in a message box submits it: Enter without Shift, not while an input
 * method is composing (Chinese, Japanese, Korean), and not with the enterToNewline setting on.
 */
export function enterSubmits(event: { key: string; shiftKey: boolean; keyCode: number; nativeEvent: { isComposing: boolean } }): boolean {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return false;
  return !chatFlag('enterToNewline');
}
