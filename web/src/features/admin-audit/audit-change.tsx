import { useTranslation } from 'react-i18next';

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

/** An entry's state before and after, folded under a summary so the list stays one line per action. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  if ((before === null || before === undefined) && (after === null || after === undefined)) return <span className="text-neutral-400">—</span>;
  return (
    <details className="max-w-xs text-left">
      <summary className="cursor-pointer text-emerald-700 dark:text-emerald-400">{t('admin:audit.show_change')}</summary>
      <dl className="mt-1 space-y-1 text-xs">
        <dt className="font-medium text-neutral-500 dark:text-neutral-400">{t('admin:audit.before')}</dt>
        <dd>
          <pre className="whitespace-pre-wrap break-all font-mono">{show(before)}</pre>
        </dd>
        <dt className="font-medium text-neutral-500 dark:text-neutral-400">{t('admin:audit.after')}</dt>
        <dd>
          <pre className="whitespace-pre-wrap break-all font-mono">{show(after)}</pre>
        </dd>
      </dl>
    </details>
  );
}
