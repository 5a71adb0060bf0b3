import { endpointDisplayNames, isKeyUsable, keyExpiryOptions, type EndpointName } from '@parley/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import i18next, { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Label } from '../../components/ui/label.tsx';
import { errorText } from '../../locales/error-text.ts';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { NativeSelect } from '../parameters/native-select.tsx';
import { AzureKeyForm } from './azure-key-form.tsx';
import { useKeyDialog } from './key-dialog-store.ts';
import { azureKeyValue, defaultKeyExpiry, emptyAzureFields, expiresAtFor, type KeyExpiryId } from './key-value.ts';
import { keysApi, keyStatusQueryKey } from './keys-api.ts';
import { ServiceAccountImport } from './service-account-import.tsx';

/** A refused key names its field (`value`, `expiresAt`); that message says more than "some fields are not valid". */
/** What the key is called: Google's API key, ChatGPT's browser access token, else the endpoint's API key. */
const keyLabel = (endpoint: EndpointName) => (endpoint === 'google' ? 'keys.google_key' : endpoint === 'chatGPTBrowser' ? 'keys.chatgpt_token' : 'keys.key_label');

function failureText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return errorText(t, error);
  const field = Object.values(error.fields)[0];
  if (!field) return errorText(t, error);
  if (i18next.exists(field)) return t(field);
  // An untranslated key id reads worse than the server's English sentence.
  return /^validation\./.test(field) ? error.message : field;
}

function KeyStatusLine({ expiresAt }: { expiresAt: string | null | undefined }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  if (!expiresAt) return <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('keys.status.none')}</p>;
  if (!isKeyUsable(expiresAt)) return <p className="text-sm text-amber-700 dark:text-amber-400">{t('keys.status.expired')}</p>;
  const date = formatDate(expiresAt);
  return (
    <p className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400" data-testid="key-status">
      <ShieldCheck aria-hidden className="size-4" />
      {t('keys.status.valid_until', { date })}
    </p>
  );
}

/** The per-endpoint key dialog (SPEC points 2, 4, 5): key (or key file), lifetime, save and revoke. */
function KeyDialogBody({ endpoint, onDone }: { endpoint: EndpointName; onDone(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const expiryId = useId();
  const [plain, setPlain] = useState('');
  const [fileValue, setFileValue] = useState<string | null>(null);
  const [azure, setAzure] = useState(emptyAzureFields);
  const [expiry, setExpiry] = useState<KeyExpiryId>(defaultKeyExpiry);
  const status = useQuery({ queryKey: keyStatusQueryKey(endpoint), queryFn: ({ signal }) => keysApi.status(endpoint, signal) });

  const value = endpoint === 'azureOpenAI' ? azureKeyValue(azure) : (fileValue ?? (plain.trim() || null));
  const refresh = () => queryClient.invalidateQueries({ queryKey: keyStatusQueryKey(endpoint) });
  const save = useMutation({
    mutationFn: () => keysApi.save({ name: endpoint, value: value!, expiresAt: expiresAtFor(expiry) }),
    onSuccess: async () => {
      await refresh();
      onDone();
    },
  });
  const revoke = useMutation({ mutationFn: () => keysApi.revoke(endpoint), onSuccess: refresh });
  const failure = save.error ?? revoke.error;

  return (
    <form
      className="space-y-5 px-6 py-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (value) save.mutate();
      }}
    >
      <KeyStatusLine expiresAt={status.data?.expiresAt} />
      {endpoint === 'azureOpenAI' ? (
        <AzureKeyForm value={azure} onChange={setAzure} />
      ) : (
        <Field
          label={t(keyLabel(endpoint), { endpoint: endpointDisplayNames[endpoint] })}
          type="password"
          autoComplete="off"
          spellCheck={false}
          data-testid="key-input"
          value={fileValue ? '' : plain}
          placeholder={fileValue ? t('keys.service_account.in_use') : t('keys.key_placeholder')}
          disabled={Boolean(fileValue)}
          onChange={(event) => setPlain(event.target.value)}
        />
      )}
      {endpoint === 'chatGPTBrowser' ? (
        <p className="text-xs leading-relaxed text-neutral-600 dark:text-neutral-300" data-testid="key-hint">
          {t('keys.chatgpt_token_hint')}
        </p>
      ) : null}
      {endpoint === 'google' ? (
        <>
          <div className="flex items-center gap-3 text-xs text-neutral-500 dark:text-neutral-400">
            <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
            {t('keys.or')}
            <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
          </div>
          <ServiceAccountImport onImported={setFileValue} />
        </>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Label htmlFor={expiryId}>{t('keys.expiry.label')}</Label>
        <NativeSelect
          id={expiryId}
          data-testid="key-expiry"
          value={expiry}
          options={keyExpiryOptions.map((o) => ({ value: o.id, label: t(o.labelKey) }))}
          onChange={(next) => setExpiry(next as KeyExpiryId)}
          className="min-w-40"
        />
      </div>
      <p className="text-xs leading-relaxed text-neutral-500 dark:text-neutral-400">{t('keys.privacy')}</p>
      {failure ? <Banner data-testid="key-error">{failureText(t, failure)}</Banner> : null}
      <div className="flex items-center gap-2 pt-1">
        {status.data?.expiresAt ? (
          <Button variant="ghost" size="sm" className="text-red-600 dark:text-red-400" disabled={revoke.isPending} onClick={() => revoke.mutate()} data-testid="key-revoke">
            {t('keys.revoke')}
          </Button>
        ) : null}
        <div className="ml-auto flex gap-2">
          <Button variant="secondary" size="sm" onClick={onDone}>
            {t('keys.cancel')}
          </Button>
          <Button type="submit" size="sm" disabled={!value || save.isPending} data-testid="key-save">
            <KeyRound aria-hidden className="size-4" />
            {t('keys.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Mounted lazily while an endpoint's key dialog is open. */
export default function KeyDialog() {
  const { t } = useTranslation();
  const { endpoint, close } = useKeyDialog();
  return (
    <Dialog open={endpoint !== null} onOpenChange={(open) => !open && close()}>
      {endpoint ? (
        <DialogContent title={t('keys.title', { endpoint: endpointDisplayNames[endpoint] })} closeLabel={t('common.close')} className="max-w-lg" data-testid="key-dialog">
          <KeyDialogBody endpoint={endpoint} onDone={close} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
