import type { Message } from '@parley/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { enterSubmits } from '../../state/chat-settings.ts';

export interface MessageEditorProps {
  message: Message;
  onSubmit(text: string): void;
  onSave(text: string): Promise<void>;
  onCancel(): void;
  /** False for a reply on an endpoint that cannot continue one: it can only be stored. */
  canSubmit?: boolean;
}

/**
 * Inline edit of a message. A user message is either re-asked as a new branch ('Save & Submit')
 * or only stored ('Save'); a reply is either continued from the edited text or only stored.
 * Enter is 'Save & Submit' as in the chat input (Shift+Enter, or the enterToNewline setting, adds a line).
 */
export function MessageEditor({ message, onSubmit, onSave, onCancel, canSubmit = true }: MessageEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(message.text);
  const [saving, setSaving] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.focus();
    area.setSelectionRange(area.value.length, area.value.length);
  }, []);

  useEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.style.height = 'auto';
    area.style.height = `${Math.min(area.scrollHeight, 480)}px`;
  }, [text]);

  const blank = text.trim() === '';
  return (
    <div className="w-full rounded-2xl border border-neutral-300 bg-white p-3 shadow-sm dark:border-neutral-700 dark:bg-neutral-850">
      <textarea
        ref={ref}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
          if (!enterSubmits(e)) return;
          e.preventDefault();
          if (!blank && !saving && canSubmit) onSubmit(text.trim());
        }}
        data-testid="edit-textarea"
        aria-label={t('chat.message.edit')}
        className="block max-h-[480px] w-full resize-none bg-transparent text-[15px] leading-relaxed text-neutral-900 outline-none dark:text-neutral-100"
      />
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} data-testid="edit-cancel">
          {t('chat.edit.cancel')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={blank || saving}
          data-testid="save-only"
          onClick={() => {
            setSaving(true);
            onSave(text.trim()).finally(() => setSaving(false));
          }}
        >
          {t('chat.edit.save')}
        </Button>
        {canSubmit ? (
          <Button size="sm" disabled={blank || saving} data-testid="save-submit" onClick={() => onSubmit(text.trim())}>
            {t('chat.edit.save_submit')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
