import { importSummarySchema } from '@parley/core';
import { apiJson } from '../../api/client.ts';

/** Uploads a ChatGPT data export's conversations.json or a LibreChat JSON export; the answer sums up what came in. */
export const importApi = {
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiJson('/api/convos/import', { body: form, schema: importSummarySchema });
  },
};
