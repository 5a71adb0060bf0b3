import type { Conversation } from '@parley/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useFormatDateTime } from '../../locales/format-date.ts';
import { conversationTitle } from '../../state/display-title.ts';
import { chatErrorDisplay } from '../messages/chat-error-display.ts';
import { downloadBlob } from '../../api/download-file.ts';
import { buildExportFile } from './export-file.ts';
import { ExportOption } from './export-option.tsx';
import { defaultExportSettings, exportSupport, exportTypes, settingsForType, type ExportSettings, type ExportType } from './export-types.ts';
import { useExportMessages } from './use-export-messages.ts';

export interface ExportDialogProps {
  conversation: Conversation;
  onClose(): void;
}

/** Export conversation (SPEC points 2 and 4): type, file name and what to include, then a download. */
export function ExportDialog({ conversation, onClose }: ExportDialogProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const messages = useExportMessages(conversation.conversationId);
  const [settings, setSettings] = useState<ExportSettings>(() => defaultExportSettings(conversationTitle(conversation.title, t)));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const support = exportSupport(settings.type);
  const ready = Boolean(messages.all && messages.branch);
  const update = (change: Partial<ExportSettings>) => setSettings((current) => ({ ...current, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!messages.all || !messages.branch || busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const file = await buildExportFile(settings, { conversation, all: messages.all, branch: messages.branch }, {
        formatDate,
        fallbackSender: t('chat.message.assistant'),
        errorText: (raw) => chatErrorDisplay(t, raw).text,
      });
      downloadBlob(file.blob, file.filename);
      onClose();
    } catch (error) {
      // SPEC point 8: a failed capture is logged; the dialog stays open to try again.
      console.error('Export failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const typeOptions = exportTypes.map((type) => ({ value: type, label: t(`export.types.${type}`) }));
  const unsupported = t('export.unsupported');

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent title={t('export.title')} closeLabel={t('common.close')} className="max-w-xl" data-testid="export-dialog">
        <form onSubmit={(event) => void submit(event)}>
          <div className="grid gap-4 px-6 pt-5 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="export-filename">{t('export.filename')}</Label>
              <Input
                id="export-filename"
                data-testid="export-filename"
                value={settings.filename}
                onChange={(event) => update({ filename: event.target.value })}
                placeholder="file"
                autoComplete="off"
                spellCheck={false}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="export-type">{t('export.type')}</Label>
              <Select
                id="export-type"
                data-testid="export-type"
                className="h-11 w-full"
                value={settings.type}
                options={typeOptions}
                onValueChange={(value) => setSettings((current) => settingsForType(current, value as ExportType))}
              />
            </div>
          </div>
          <div className="mx-6 mt-5 divide-y divide-neutral-200 rounded-xl border border-neutral-200 dark:divide-neutral-700 dark:border-neutral-700">
            <ExportOption
              id="export-include-options"
              data-testid="export-include-options"
              label={t('export.include_options')}
              hint={support.includeOptions ? t('export.include_options_hint') : unsupported}
              checked={settings.includeOptions}
              disabled={!support.includeOptions}
              onChange={(includeOptions) => update({ includeOptions })}
            />
            <ExportOption
              id="export-branches"
              data-testid="export-branches"
              label={t('export.branches')}
              hint={support.branches ? t('export.branches_hint') : t('export.branches_off')}
              checked={settings.branches}
              disabled={!support.branches}
              onChange={(branches) => update({ branches })}
            />
            <ExportOption
              id="export-recursive"
              data-testid="export-recursive"
              label={t('export.recursive')}
              hint={support.recursive ? t('export.recursive_hint') : t('export.json_only')}
              checked={support.recursive && settings.recursive}
              disabled={!support.recursive}
              onChange={(recursive) => update({ recursive })}
            />
          </div>
          {failed || messages.error ? (
            <Banner className="mx-6 mt-4" data-testid="export-error">
              {t(failed ? 'export.failed' : 'export.load_failed')}
            </Banner>
          ) : null}
          <div className="flex justify-end gap-2 px-6 pb-5 pt-5">
            <Button variant="secondary" size="sm" onClick={onClose} disabled={busy}>
              {t('export.cancel')}
            </Button>
            <Button type="submit" size="sm" disabled={!ready || busy} data-testid="export-submit">
              {busy || !ready ? <Spinner label={t(busy ? 'export.exporting' : 'common.loading')} className="size-4 text-white/80" /> : null}
              {t(busy ? 'export.exporting' : 'export.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
