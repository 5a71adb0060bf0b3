import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { PresetEditorDialog } from './preset-editor-dialog.tsx';
import { usePresetDialogs } from '../../state/preset-dialogs-store.ts';
import { presetsApi } from './presets-api.ts';
import { usePresetMutation } from './use-presets.ts';
import { SavePresetDialog } from './save-preset-dialog.tsx';

function ClearPresetsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const clear = usePresetMutation(presetsApi.clearAll);
  return (
    <ConfirmDialog
      open
      title={t('presets.clear_title')}
      description={t('presets.clear_body')}
      confirmLabel={t('presets.clear_confirm')}
      busy={clear.isPending}
      onConfirm={() => clear.mutate(undefined, { onSettled: onClose })}
      onOpenChange={(open) => !open && onClose()}
    />
  );
}

/** Whichever preset dialog is open; loaded on first use so the chat page stays light. */
export default function PresetDialogs() {
  const { dialog, close } = usePresetDialogs();
  if (dialog?.kind === 'saveAs') return <SavePresetDialog onClose={close} />;
  if (dialog?.kind === 'edit') return <PresetEditorDialog key={dialog.preset.presetId} preset={dialog.preset} onClose={close} />;
  if (dialog?.kind === 'clearAll') return <ClearPresetsDialog onClose={close} />;
  return null;
}
