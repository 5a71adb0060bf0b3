import { modelCapabilities, resolveEndpoint, uploadRefusal } from '@parley/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/ui/toast-store.ts';
import { isUploading, useAttachments } from './attachments-store.ts';
import { refusalText } from './upload-refusals.ts';
import { UploadError, uploadRequest } from './upload-request.ts';

export interface UploadTarget {
  endpoint: string;
  model: string;
}

/**
 * Attaches files to the message being written, one upload at a time: each is checked first
 * (model, 20 MB, count, type), then uploaded with progress under a placeholder id that becomes
 * the server's id. A failed upload clears the whole list, as SPEC point 5 has it.
 */
export function useAttachFiles(target: UploadTarget | null): (files: File[]) => Promise<void> {
  const { t } = useTranslation();
  return useCallback(
    async (files: File[]) => {
      const endpoint = target ? resolveEndpoint(target.endpoint) : undefined;
      if (!target || !endpoint) return;
      const store = useAttachments.getState();
      // One toast per pick: the files that arrived, counted once at the end.
      let uploaded = 0;
      const done = () => {
        if (uploaded > 0) showToast(uploaded === 1 ? t('files.toast.success') : t('files.toast.successMany', { count: uploaded }), 'success');
      };
      for (const file of files) {
        if (isUploading()) {
          done();
          return showToast(t('files.toast.wait'));
        }
        const refusal = uploadRefusal({
          endpoint,
          model: target.model,
          capabilities: modelCapabilities(endpoint, target.model),
          fileName: file.name,
          bytes: file.size,
          attached: useAttachments.getState().attachments.length,
        });
        if (refusal) {
          done();
          return showToast(refusalText(t, refusal, endpoint));
        }
        const placeholder = `uploading-${crypto.randomUUID()}`;
        const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined;
        store.add({ id: placeholder, filename: file.name, uploading: true, progress: 0, preview, type: file.type });
        try {
          store.resolve(placeholder, await uploadRequest(file, target, (share) => store.progress(placeholder, share)));
          uploaded++;
        } catch (error) {
          store.clear();
          const code = error instanceof UploadError ? error.code : undefined;
          if (code === 'unauthorized') return showToast(t('files.toast.needKey'));
          return showToast(code && code !== 'network' ? t(`errors.${code}`, { defaultValue: (error as Error).message }) : t('files.toast.failed'));
        }
      }
      // SPEC point 8's upload-success confirmation, once the files have their real ids.
      done();
    },
    [target, t],
  );
}
