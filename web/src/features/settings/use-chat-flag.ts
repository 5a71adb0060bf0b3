import { useState } from 'react';
import { chatFlag, type ChatFlag } from '../../state/chat-settings.ts';
import { settingsSaved } from './settings-saved.ts';

/**
 * A chat switch of the settings, stored in localStorage under its SPEC name (`autoScroll`,
 * `enterToNewline`) as 'true' or 'false'; the chat reads it at the moment of use.
 */
export function useChatFlag(name: ChatFlag): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => chatFlag(name));
  const set = (next: boolean) => {
    try {
      localStorage.setItem(name, String(next));
    } catch {
      // Without storage the switch cannot be remembered; the chat keeps its default.
    }
    setValue(next);
    settingsSaved();
  };
  return [value, set];
}
