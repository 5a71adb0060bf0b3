import { KeyRound, Trash2, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ImportRow } from '../import/import-row.tsx';
import { useDataActions, type DataAction } from './use-data-actions.ts';

interface ActionCopy {
  icon: LucideIcon;
  testId: string;
  key: 'clear' | 'revoke';
}

const actions: Record<DataAction, ActionCopy> = {
  clear: { icon: Trash2, testId: 'clear-all-conversations', key: 'clear' },
  revoke: { icon: KeyRound, testId: 'revoke-all-keys', key: 'revoke' },
};

/** The settings' Data tab (会话数据管理): import conversations, clear all conversations (behind a confirmation), revoke all provided keys. */
export function DataTab() {
  const { t } = useTranslation();
  const data = useDataActions();
  const [asking, setAsking] = useState<DataAction | null>(null);

  return (
    <div className="px-1">
      <ImportRow />
      {(Object.keys(actions) as DataAction[]).map((action) => {
        const { icon: Icon, testId, key } = actions[action];
        return (
          <div key={action} className="flex flex-col gap-3 border-b border-neutral-100 py-4 last:border-b-0 sm:flex-row sm:items-center sm:justify-between dark:border-neutral-700/60">
            <div className="min-w-0">
              <p className="text-sm font-medium text-neutral-800 dark:text-neutral-200">{t(`settings.data.${key}_title`)}</p>
              <p className="mt-0.5 text-xs leading-relaxed text-neutral-500 dark:text-neutral-400">{t(`settings.data.${key}_hint`)}</p>
            </div>
            <button
              type="button"
              data-testid={testId}
              disabled={data.running !== null}
              onClick={() => setAsking(action)}
              className={buttonClasses('secondary', 'sm', 'self-start text-red-600 hover:text-red-700 sm:self-auto dark:text-red-400 dark:hover:text-red-300')}
            >
              <Icon aria-hidden className="size-4" />
              {t(`settings.data.${key}_button`)}
            </button>
          </div>
        );
      })}
      {data.done ? (
        <Banner tone="success" className="mt-2" data-testid="data-action-done">
          {t(`settings.data.${data.done}_done`)}
        </Banner>
      ) : null}
      {data.failed ? (
        <Banner className="mt-2" data-testid="data-action-failed">
          {t('settings.data.failed')}
        </Banner>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`settings.data.${asking}_confirm_title`) : ''}
        description={asking ? t(`settings.data.${asking}_confirm_body`) : ''}
        confirmLabel={asking ? t(`settings.data.${asking}_confirm`) : ''}
        busyLabel={t('settings.data.working')}
        busy={data.running !== null}
        onConfirm={() => {
          if (asking) void data.run(asking).then(() => setAsking(null));
        }}
        onOpenChange={(open) => !open && setAsking(null)}
      />
    </div>
  );
}
