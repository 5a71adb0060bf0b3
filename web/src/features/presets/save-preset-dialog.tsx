import { PRESET_TITLE_MAX_LENGTH } from '@parley/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { errorText } from '../../locales/error-text.ts';
import { useCurrentSetup } from '../parameters/use-current-setup.ts';
import { presetFromSetup } from './preset-setup.ts';
import { presetsApi } from './presets-api.ts';
import { presetSaved, usePresetMutation } from './use-presets.ts';

/** SPEC point 2: the save-as-preset name dialog, proposing 'My Preset' in the reader's language, saving the chat's current settings. */
export function SavePresetDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const setup = useCurrentSetup();
  const [title, setTitle] = useState(() => t('presets.default_name'));
  const save = usePresetMutation(presetsApi.save);
  const submit = () => {
    if (!setup || title.trim() === '') return;
    const name = title.trim();
    save.mutate(presetFromSetup(setup, name), { onSuccess: () => presetSaved(t, name, onClose) });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('presets.save_title')} closeLabel={t('common.close')} className="max-w-md" data-testid="save-preset-dialog">
        <form
          className="space-y-4 px-6 py-5"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field
            label={t('presets.name')}
            value={title}
            maxLength={PRESET_TITLE_MAX_LENGTH}
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => setTitle(event.target.value)}
            data-testid="preset-name-input"
          />
          {save.error ? <Banner>{errorText(t, save.error)}</Banner> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={onClose}>
              {t('presets.cancel')}
            </Button>
            <Button type="submit" size="sm" disabled={!setup || title.trim() === '' || save.isPending} data-testid="preset-save">
              {t('presets.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
