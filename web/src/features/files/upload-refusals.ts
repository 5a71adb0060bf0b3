import { endpointDisplayNames, modelCapabilities, uploadRefusal, type EndpointName, type UploadRefusal } from '@parley/core';
import type { TFunction } from 'i18next';
import type { Attachment } from './attachments-store.ts';

/** The toast of SPEC point 8 for a refused upload. */
function refusalKey(refusal: UploadRefusal, endpoint: EndpointName): string {
  if (refusal === 'upload_not_supported') return 'files.toast.unsupported';
  if (refusal === 'file_too_large') return 'files.toast.tooLarge';
  if (endpoint === 'grok') return 'files.toast.grokOne';
  return refusal === 'too_many_files' ? 'files.toast.openAIFive' : 'errors.invalid_file';
}

/** The toast's text, naming the endpoint as users know it ("OpenAI", not `openAI`). */
export function refusalText(t: TFunction, refusal: UploadRefusal, endpoint: EndpointName): string {
  return t(refusalKey(refusal, endpoint), { endpoint: endpointDisplayNames[endpoint] });
}

/**
 * The first rule the files already attached break on this model: a set that fitted one model
 * can be too many, or the wrong kind, for the one picked next.
 */
export function attachedRefusal(endpoint: EndpointName, model: string, attachments: readonly Attachment[]): UploadRefusal | undefined {
  const capabilities = modelCapabilities(endpoint, model);
  for (const [attached, a] of attachments.entries()) {
    const refusal = uploadRefusal({ endpoint, model, capabilities, fileName: a.filename, bytes: a.file?.bytes ?? 0, attached });
    if (refusal) return refusal;
  }
  return undefined;
}
