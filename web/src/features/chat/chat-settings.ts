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
