import { FileJson } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { importServiceAccount } from './key-value.ts';

export interface ServiceAccountImportProps {
  /** The file's JSON once it passed the checks of SPEC point 5, or null after a refused file. */
  onImported(value: string | null): void;
}

/** Google: a service-account key file picked from disk instead of typing an API key. */
export function ServiceAccountImport({ onImported }: ServiceAccountImportProps) {
  const { t } = useTranslation();
  const id = useId();
  const [result, setResult] = useState<{ ok: true; email: string } | { ok: false } | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const imported = importServiceAccount(await file.text());
    setResult(imported.ok ? { ok: true, email: imported.clientEmail } : { ok: false });
    onImported(imported.ok ? imported.value : null);
  };

  return (
    <div className="space-y-2">
      <label htmlFor={id} className={buttonClasses('secondary', 'sm', 'w-full')}>
        <FileJson aria-hidden className="size-4" />
        {t('keys.service_account.import')}
      </label>
      <input
        id={id}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        data-testid="service-account-input"
        onChange={(event) => void onFile(event)}
      />
      {result?.ok ? (
        <Banner tone="success" data-testid="service-account-result">
          {t('keys.service_account.imported')}
          <span className="mt-0.5 block truncate text-xs opacity-80">{result.email}</span>
        </Banner>
      ) : result ? (
        <Banner data-testid="service-account-result">{t('keys.service_account.invalid')}</Banner>
      ) : null}
    </div>
  );
}
