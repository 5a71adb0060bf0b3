import { endpointCapabilities, maxUploadBytes } from '../endpoints/capabilities.ts';
import type { EndpointName } from '../endpoints/names.ts';
import { fileKindOf, extensionOf, imageExtensions } from './file-types.ts';

/** The models SPEC point 5 names for uploads; the vision and document models of the catalog join them. */
export const specUploadModels = ['gpt-4', 'gpt-4o', 'gpt-4o-image', 'gpt-o3-mini', 'grok-3-imageGen'] as const;

/** What a model can take in besides text. */
export interface InputCapabilities {
  vision: boolean;
  documents: boolean;
}

/** Why an upload is refused; each is an error code the web shows as a toast (SPEC point 8). */
export type UploadRefusal = 'upload_not_supported' | 'file_too_large' | 'too_many_files' | 'invalid_file';

export interface UploadCheck {
  endpoint: EndpointName;
  /** The picked model; undefined skips the model rule (the endpoint rules still apply). */
  model?: string;
  /** What the catalog says the model takes; absent for a model it does not know. */
  capabilities?: InputCapabilities;
  fileName: string;
  bytes: number;
  /** Files already attached to the message being written. */
  attached: number;
}

/** Whether the model takes attachments at all: a model of the spec's list, or one that sees images or reads documents. */
export function modelAcceptsUploads(endpoint: EndpointName, model: string, capabilities?: InputCapabilities): boolean {
  if (!endpointCapabilities[endpoint].uploads) return false;
  if ((specUploadModels as readonly string[]).includes(model)) return true;
  return capabilities !== undefined && (capabilities.vision || capabilities.documents);
}

/** The first rule of SPEC point 5 an upload breaks, or undefined when it may go ahead. */
export function uploadRefusal(check: UploadCheck): UploadRefusal | undefined {
  const uploads = endpointCapabilities[check.endpoint].uploads;
  if (!uploads) return 'upload_not_supported';
  if (check.model !== undefined && !modelAcceptsUploads(check.endpoint, check.model, check.capabilities)) return 'upload_not_supported';
  if (check.bytes > maxUploadBytes) return 'file_too_large';
  if (check.attached >= uploads.maxFiles) return 'too_many_files';
  const kind = fileKindOf(check.fileName);
  if (!kind) return 'invalid_file';
  if (uploads.imagesOnly && !(imageExtensions as readonly string[]).includes(extensionOf(check.fileName))) return 'invalid_file';
  return undefined;
}
