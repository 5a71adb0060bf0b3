import { BATCH_MAX, type CreatedKeys } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../components/console/csv.ts';
import { SecretsOnce } from '../../components/console/secrets-once.tsx';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { errorText } from '../../locales/error-text.ts';
import { keysApi } from './keys-api.ts';

const whole = (text: string) => (/^\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : undefined);
const modelList = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

function download(created: CreatedKeys, note: string) {
  downloadCsv(`keys-${new Date().toISOString().slice(0, 10)}`, created.keys, [
    { header: 'key', value: (k) => k.key },
    { header: 'quota', value: (k) => k.quota },
    { header: 'expires_at', value: (k) => k.expiresAt ?? '' },
    { header: 'note', value: () => note },
  ]);
}

/** Makes one key or a batch; the keys are shown (and downloadable as CSV) only here, once. */
export function CreateKeysDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange(open: boolean): void; onCreated(): void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ count: '1', quota: '1000', days: '', note: '', models: '', rpm: '' });
  const set = (name: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [name]: value }));
  const models = modelList(form.models);
  const create = useMutation({
    mutationFn: () =>
      keysApi.create({
        count: whole(form.count)!,
        quota: whole(form.quota)!,
        days: whole(form.days) || undefined,
        note: form.note.trim() || undefined,
        models: models.length > 0 ? models : undefined,
        rpm: whole(form.rpm) || undefined,
      }),
    onSuccess: onCreated,
  });
  const count = whole(form.count);
  const valid = count !== undefined && count >= 1 && count <= BATCH_MAX && whole(form.quota) !== undefined && (!form.days || whole(form.days)) && (!form.rpm || whole(form.rpm));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) create.mutate();
  };
  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) create.reset();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={t('admin-keys:create.title')} description={t('admin-keys:create.description')} closeLabel={t('common.close')} className="max-w-lg" data-testid="create-keys-dialog">
        <div className="px-6 py-5">
          {create.data ? (
            <SecretsOnce secrets={create.data.keys.map((k) => k.key)} onDownload={() => download(create.data, form.note.trim())} data-testid="keys-created" />
          ) : (
            <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
              <Field label={t('admin-keys:create.count', { max: BATCH_MAX })} value={form.count} onChange={(e) => set('count')(e.target.value)} inputMode="numeric" data-testid="key-count" />
              <Field label={t('admin-keys:create.quota')} value={form.quota} onChange={(e) => set('quota')(e.target.value)} inputMode="numeric" data-testid="key-quota" />
              <Field label={t('admin-keys:create.days')} hint={t('admin-keys:create.never_hint')} value={form.days} onChange={(e) => set('days')(e.target.value)} inputMode="numeric" data-testid="key-days" />
              <Field label={t('admin-keys:create.rpm')} hint={t('admin-keys:create.rpm_hint')} value={form.rpm} onChange={(e) => set('rpm')(e.target.value)} inputMode="numeric" data-testid="key-rpm" />
              <div className="sm:col-span-2">
                <Field label={t('admin-keys:create.models')} hint={t('admin-keys:create.models_hint')} value={form.models} onChange={(e) => set('models')(e.target.value)} maxLength={4000} data-testid="key-models" />
              </div>
              <div className="sm:col-span-2">
                <Field label={t('admin-keys:create.note')} value={form.note} onChange={(e) => set('note')(e.target.value)} maxLength={200} data-testid="key-note" />
              </div>
              {create.isError ? <Banner className="sm:col-span-2">{errorText(t, create.error)}</Banner> : null}
              <div className="flex justify-end gap-2 sm:col-span-2">
                <Button variant="secondary" onClick={() => close(false)}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" disabled={!valid || create.isPending} data-testid="key-create-submit">
                  {t('admin-keys:create.submit')}
                </Button>
              </div>
            </form>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
