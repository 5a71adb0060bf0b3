import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { settingsTabs } from './settings-tabs.tsx';
import { useSettingsDialog } from './settings-store.ts';

export function SettingsDialog() {
  const { t } = useTranslation();
  const { open, tab, setOpen, setTab } = useSettingsDialog();

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent title={t('settings.title')} closeLabel={t('common.close')} className="max-w-2xl" data-testid="settings-dialog">
        <Tabs value={tab} onValueChange={setTab} orientation="vertical" className="flex flex-col gap-4 p-4 sm:flex-row sm:gap-6 sm:p-6">
          <TabsList aria-label={t('settings.title')} className="flex-row sm:w-44 sm:flex-col">
            {settingsTabs.map(({ id, labelKey, icon: Icon }) => (
              <TabsTrigger key={id} value={id} data-testid={`settings-tab-${id}`}>
                <Icon aria-hidden className="size-4" />
                {t(labelKey)}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="min-h-56 min-w-0 flex-1">
            {settingsTabs.map(({ id, Panel }) => (
              <TabsContent key={id} value={id}>
                <Panel />
              </TabsContent>
            ))}
          </div>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
