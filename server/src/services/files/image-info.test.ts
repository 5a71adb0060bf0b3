import { tinyPngBase64 } from '@parley/testkit';
import { describe, expect, it } from 'vitest';
import { pictureBomb } from '../../test-support/file-fixtures.ts';
import { WorkLimitError } from '../worker-pool/work-limit.ts';
import { describePicture, fitPicture, MAX_PIXELS } from './image-info.ts';

describe('pictures decoded with bounded native memory', { timeout: 60_000 }, () => {
  it('refuses a small PNG declaring more pixels than the limit from its header: no size, no thumbnail, a size limit when fitted', async () => {
    // 8,000 × 8,000 greyscale pixels (64 megapixels, 64 MB decoded, 256 MB as RGBA) in about 60 KB.
    const bomb = pictureBomb(8000, 8000);
    expect(8000 * 8000).toBeGreaterThan(MAX_PIXELS);
    expect(bomb.length).toBeLessThan(100_000);
    const rssBefore = process.memoryUsage().rss;
    expect(await describePicture({ data: bomb })).toBeUndefined();
    const fitted = await fitPicture({ data: bomb, mimeType: 'image/png', limit: { maxSide: 2048, maxBytes: 5_000_000 } }).catch((error: unknown) => error);
    expect(fitted).toBeInstanceOf(WorkLimitError);
    expect(fitted).toMatchObject({ limit: 'size' });
    // Refused from the header: nothing near the decoded size was ever allocated.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(48 * 1024 * 1024);
  });

  it('keeps libvips to one thread per picture and no cache of decoded pixels between jobs', async () => {
    const facts = await describePicture({ data: Buffer.from(tinyPngBase64, 'base64') });
    expect(facts).toMatchObject({ width: 1, height: 1 });
    const { default: sharp } = await import('sharp');
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
  });
});
