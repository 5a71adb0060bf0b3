import { resolveEndpoint } from '@parley/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/ui/toast-store.ts';
import { useAttachments } from './attachments-store.ts';
import { attachedRefusal, refusalText } from './upload-refusals.ts';
import type { UploadTarget } from './use-attach-files.ts';

/**
 * Checks the attached files again when the model changes, and warns with the toast an upload
 * would have met. The files stay: the user removes what the model cannot take, or picks another.
 */
export function useAttachmentsCheck(target: UploadTarget | null): void {
  const { t } = useTranslation();
  const endpoint = target ? resolveEndpoint(target.endpoint) : undefined;
  const model = target?.model;
  useEffect(() => {
    if (!endpoint || !model) return;
    const refusal = attachedRefusal(endpoint, model, useAttachments.getState().attachments);
    if (refusal) showToast(refusalText(t, refusal, endpoint));
    // Only a change of model is checked; `t` changes with the language, which changes no rule.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoint, model]);
}
