import { endpointCapabilities, resolveEndpoint } from '@parley/core';

/** Whether the endpoint takes files at all; the model is checked when a file is picked, with a toast. */
export function takesUploads(endpoint: string): boolean {
  const name = resolveEndpoint(endpoint);
  return Boolean(name && endpointCapabilities[name].uploads);
}
