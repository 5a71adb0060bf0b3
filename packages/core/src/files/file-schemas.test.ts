import { describe, expect, it } from 'vitest';
import { messageFileOf, messageFileSchema, uploadedFileSchema } from './file-schemas.ts';

describe('one file schema, two names for its id', () => {
  it('stores an uploaded file in a message under file_id, every other field as uploaded', () => {
    const uploaded = uploadedFileSchema.parse({ id: 'f1', filename: 'cat.png', type: 'image/png', bytes: 10, width: 2, height: 3 });
    const stored = messageFileOf(uploaded);
    expect(stored).toEqual({ file_id: 'f1', filename: 'cat.png', type: 'image/png', bytes: 10, width: 2, height: 3 });
    expect(messageFileSchema.parse(stored)).toEqual(stored);
    expect(messageFileSchema.safeParse(uploaded).success).toBe(false);
  });
});
