import { PLUGIN_AUTH_MIN_LENGTH, type Plugin } from '@parley/core';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { authFieldText, usePluginTranslation } from './plugin-text.ts';

export interface PluginAuthFormProps {
  plugin: Plugin;
  submitting: boolean;
  onSubmit(auth: Record<string, string>): void;
  onCancel(): void;
}

/** What is wrong with one entered credential, in the reader's language (the server checks the same in English). */
function problemOf(t: TFunction, label: string, value: string | undefined): string | undefined {
  if (!value) return t('plugins.auth_required', { label });
  if (value.length < PLUGIN_AUTH_MIN_LENGTH) return t('plugins.auth_too_short', { label, min: PLUGIN_AUTH_MIN_LENGTH });
  return undefined;
}

/** The credentials a plugin needs (SPEC point 8): each required, at least 10 characters; save only when dirty and valid. */
export function PluginAuthForm({ plugin, submitting, onSubmit, onCancel }: PluginAuthFormProps) {
  const { t } = usePluginTranslation();
  const [values, setValues] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const problems = Object.fromEntries(plugin.authConfig.map((f) => [f.authField, problemOf(t, authFieldText(t, f).label, values[f.authField])]));
  const dirty = Object.values(values).some((v) => v !== '');
  const valid = Object.values(problems).every((p) => p === undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty && valid && !submitting) onSubmit(values);
  };
  return (
    <form onSubmit={submit} className="space-y-3" data-testid="plugin-auth-form">
      {plugin.authConfig.map((field) => {
        const id = `plugin-auth-${plugin.pluginKey}-${field.authField}`;
        const problem = touched[field.authField] ? problems[field.authField] : undefined;
        const text = authFieldText(t, field);
        return (
          <div key={field.authField} className="space-y-1">
            <label htmlFor={id} className="block text-sm font-medium">
              {text.label}
            </label>
            <Input
              id={id}
              type="password"
              autoComplete="off"
              value={values[field.authField] ?? ''}
              invalid={Boolean(problem)}
              placeholder={text.description}
              onChange={(e) => setValues((v) => ({ ...v, [field.authField]: e.target.value }))}
              onBlur={() => setTouched((v) => ({ ...v, [field.authField]: true }))}
            />
            {problem ? <p className="text-xs text-red-600 dark:text-red-400">{problem}</p> : null}
          </div>
        );
      })}
      <div className="flex justify-end gap-2 pt-1">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={!dirty || !valid || submitting} data-testid="plugin-auth-save">
          {t('plugins.save')}
        </Button>
      </div>
    </form>
  );
}
