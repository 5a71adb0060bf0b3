import type { CreateApiToken } from '@parley/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';

/** The words of a comma list, each once. */
const modelList = (text: string) => [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))];

const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** Name, optional lifetime in days, optional models and requests per minute of a new token. */
export function NewTokenForm({ busy, onCreate }: { busy: boolean; onCreate(body: CreateApiToken): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [days, setDays] = useState('');
  const [models, setModels] = useState('');
  const [rpm, setRpm] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCreate({ name: name.trim(), expiresInDays: wholeOrNull(days), models: modelList(models), rpm: wholeOrNull(rpm) });
    setName('');
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" data-testid="api-token-form">
      <Field label={t('settings.tokens.name')} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} data-testid="api-token-name" />
      <Field label={t('settings.tokens.expires_days')} hint={t('settings.tokens.expires_hint')} type="number" min={1} max={3650} value={days} onChange={(e) => setDays(e.target.value)} />
      <Field label={t('settings.tokens.models')} hint={t('settings.tokens.models_hint')} value={models} onChange={(e) => setModels(e.target.value)} />
      <Field label={t('settings.tokens.rpm')} hint={t('settings.tokens.rpm_hint')} type="number" min={1} value={rpm} onChange={(e) => setRpm(e.target.value)} />
      <button type="submit" disabled={busy || name.trim() === ''} className={buttonClasses('primary', 'sm', 'justify-self-start')} data-testid="api-token-create">
        {t('settings.tokens.create')}
      </button>
    </form>
  );
}
