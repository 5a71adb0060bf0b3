import { BATCH_MAX, CODE_KINDS, type CodeKind, type CreatedCodes } from '@parley/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../components/console/csv.ts';
import { SecretsOnce } from '../../components/console/secrets-once.tsx';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select } from '../../components/ui/select.tsx';
import { errorText } from '../../locales/error-text.ts';
import { codesApi } from './codes-api.ts';

const whole = (text: string) => (/^\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : undefined);

function download(created: CreatedCodes, kind: CodeKind, quota: number) {
  downloadCsv(`codes-${created.batchId.slice(0, 8)}`, created.codes, [
    { header: 'code', value: (c) => c.code },
    { header: 'kind', value: () => kind },
    { header: 'quota', value: () => quota },
    { header: 'expires_at', value: () => created.expiresAt ?? '' },
    { header: 'batch', value: () => created.batchId },
  ]);
}

/** Makes a batch of codes; the codes are shown (and downloadable as CSV) only here, once. */
export function CreateCodesDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange(open: boolean): void; onCreated(): void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ count: '10', kind: 'topup' as CodeKind, quota: '100', validDays: '', keyDays: '', note: '' });
  const set = (name: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [name]: value }));
  const create = useMutation({
    mutationFn: () =>
      codesApi.create({
        count: whole(form.count)!,
        kind: form.kind,
        quota: whole(form.quota)!,
        validDays: whole(form.validDays),
        keyDays: form.kind === 'new-key' ? whole(form.keyDays) : undefined,
        note: form.note.trim() || undefined,
      }),
    onSuccess: onCreated,
  });
  const count = whole(form.count);
  const valid = count !== undefined && count >= 1 && count <= BATCH_MAX && (whole(form.quota) ?? 0) >= 1 && (!form.validDays || whole(form.validDays)) && (!form.keyDays || whole(form.keyDays));
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
      <DialogContent title={t('admin-codes:create.title')} description={t('admin-codes:create.description')} closeLabel={t('common.close')} className="max-w-lg" data-testid="create-codes-dialog">
        <div className="px-6 py-5">
          {create.data ? (
            <SecretsOnce secrets={create.data.codes.map((c) => c.code)} onDownload={() => download(create.data, form.kind, whole(form.quota)!)} data-testid="codes-created" />
          ) : (
            <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1.5 sm:col-span-2">
                <Label htmlFor="code-kind">{t('admin-codes:create.kind')}</Label>
                <Select
                  id="code-kind"
                  value={form.kind}
                  onValueChange={(value) => set('kind')(value)}
                  options={CODE_KINDS.map((kind) => ({ value: kind, label: t(`admin-codes:kinds.${kind}`) }))}
                  className="w-full"
                  data-testid="code-kind"
                />
              </div>
              <Field label={t('admin-codes:create.count', { max: BATCH_MAX })} value={form.count} onChange={(e) => set('count')(e.target.value)} inputMode="numeric" data-testid="code-count" />
              <Field label={t('admin-codes:create.quota')} value={form.quota} onChange={(e) => set('quota')(e.target.value)} inputMode="numeric" data-testid="code-quota" />
              <Field label={t('admin-codes:create.valid_days')} hint={t('admin-codes:create.never_hint')} value={form.validDays} onChange={(e) => set('validDays')(e.target.value)} inputMode="numeric" data-testid="code-valid-days" />
              {form.kind === 'new-key' ? (
                <Field label={t('admin-codes:create.key_days')} hint={t('admin-codes:create.never_hint')} value={form.keyDays} onChange={(e) => set('keyDays')(e.target.value)} inputMode="numeric" data-testid="code-key-days" />
              ) : null}
              <div className="sm:col-span-2">
                <Field label={t('admin-codes:create.note')} value={form.note} onChange={(e) => set('note')(e.target.value)} maxLength={200} data-testid="code-note" />
              </div>
              {create.isError ? <Banner className="sm:col-span-2">{errorText(t, create.error)}</Banner> : null}
              <div className="flex justify-end gap-2 sm:col-span-2">
                <Button variant="secondary" onClick={() => close(false)}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" disabled={!valid || create.isPending} data-testid="code-create-submit">
                  {t('admin-codes:create.submit')}
                </Button>
              </div>
            </form>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
