import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { settingsTabs } from './settings-tabs.tsx';
import { useSettingsDialog } from './settings-store.ts';
import { useAuthStore } from '../../state/auth-store.ts';

export function SettingsDialog() {
  const { t } = useTranslation();
  const { open, tab, setOpen, setTab } = useSettingsDialog();
  const signedIn = useAuthStore((s) => s.status === 'authenticated');
  const tabs = settingsTabs.filter((entry) => signedIn || !entry.accountsOnly);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent title={t('settings.title')} closeLabel={t('common.close')} className="max-w-2xl" data-testid="settings-dialog">
        <Tabs value={tab} onValueChange={setTab} orientation="vertical" className="flex min-h-0 flex-col gap-4 overflow-y-auto p-4 sm:flex-row sm:gap-6 sm:p-6">
          <TabsList aria-label={t('settings.title')} className="-mx-1 shrink-0 flex-row overflow-x-auto px-1 py-1 sm:mx-0 sm:w-44 sm:flex-col sm:overflow-visible sm:px-0 sm:py-0">
            {tabs.map(({ id, labelKey, icon: Icon }) => (
              <TabsTrigger key={id} value={id} data-testid={`settings-tab-${id}`}>
                <Icon aria-hidden className="size-4" />
                {t(labelKey)}
              </TabsTrigger>
            ))}
          </TabsList>
          {/* Every panel stays mounted in the same grid cell, the inactive ones invisible, so the
              dialog is as tall as its tallest tab and keeps its height when the tab changes. */}
          <div className="grid min-h-56 min-w-0 flex-1 grid-cols-[minmax(0,1fr)]" data-testid="settings-panels">
            {tabs.map(({ id, Panel }) => (
              <TabsContent key={id} value={id} forceMount className="[grid-area:1/1] data-[state=inactive]:invisible">
                <Panel />
              </TabsContent>
            ))}
          </div>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
