import { isAccessKey, normalizeAccessKey } from '@parley/core';
import { KeyRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { isAccessKeyPrefix } from './access-key.ts';

export interface AccessKeyFormProps {
  onSave(key: string): void;
  /** Buttons beside Save (continue for free, cancel). */
  secondary?: ReactNode;
  autoFocus?: boolean;
}

/**
 * The access-key field of the welcome modal and the key dialog (SPEC point 5): whitespace is
 * stripped as the user types or pastes, and Save stays disabled until the key is `sk-` + 48.
 */
export function AccessKeyForm({ onSave, secondary, autoFocus }: AccessKeyFormProps) {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const valid = isAccessKey(key);
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onSave(key);
      }}
    >
      <Field
        label={t('access.key.label')}
        type="password"
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        placeholder={t('access.key.placeholder')}
        data-testid="access-key-input"
        value={key}
        onChange={(event) => setKey(normalizeAccessKey(event.target.value))}
        error={key && !valid && !isAccessKeyPrefix(key) ? t('access.key.invalid') : null}
        hint={t('access.key.hint')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {secondary}
        <Button type="submit" disabled={!valid} data-testid="access-key-save">
          <KeyRound aria-hidden className="size-4" />
          {t('access.key.save')}
        </Button>
      </div>
    </form>
  );
}
