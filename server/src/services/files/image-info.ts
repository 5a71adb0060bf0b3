import type { Sharp } from 'sharp';
import { WorkLimitError } from '../worker-pool/work-limit.ts';

/** Longest side of the thumbnail `GET /api/files/:id?size=thumb` answers. */
const THUMB_SIZE = 320;
/**
 * Decompression-bomb guard: pictures past this many pixels are refused from their header, before
 * any decoding. libvips' memory is native, outside the worker process's heap cap: a picture
 * decoded whole takes up to four bytes a pixel, so 50 megapixels (a phone's full-resolution photo)
 * bound one job near 200 MB, where 100 took 400 MB and more.
 */
export const MAX_PIXELS = 50_000_000;

/**
 * sharp (libvips) is loaded on the first picture, not at start, and set for one job at a time in
 * a small process: one thread per picture (each libvips thread holds its own buffers) and no
 * operation cache (it kept up to 50 MB of decoded pixels between jobs).
 */
async function picture(data: Buffer): Promise<Sharp> {
  const { default: sharp } = await import('sharp');
  sharp.concurrency(1);
  sharp.cache(false);
  // Read top to bottom where the operations allow it, instead of the whole picture at once.
  return sharp(data, { limitInputPixels: MAX_PIXELS, sequentialRead: true });
}

/** sharp's refusal of a picture past `limitInputPixels`, as the worker pool's size limit. */
function pixelLimit(error: unknown): never {
  if (error instanceof Error && /pixel limit/i.test(error.message)) throw new WorkLimitError('size', `The picture has more than ${MAX_PIXELS} pixels.`);
  throw error;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** Width and height of a picture, or undefined when sharp cannot decode it (a damaged file). */
export async function imageSize(data: Buffer): Promise<ImageSize | undefined> {
  try {
    const { width, height, pageHeight, orientation } = await (await picture(data)).metadata();
    if (!width || !height) return undefined;
    const h = pageHeight ?? height;
    // EXIF orientations 5–8 are a quarter turn: the picture is shown with its sides swapped.
    return orientation && orientation >= 5 ? { width: h, height: width } : { width, height: h };
  } catch {
    return undefined;
  }
}

/** A small WebP preview for lists and message chips (the first frame of an animation). */
async function thumbnail(data: Buffer): Promise<Buffer> {
  return (await picture(data))
    .rotate()
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

export interface PictureFacts extends ImageSize {
  thumbnail: Uint8Array;
}

/**
 * A stored picture's size and thumbnail, decoded in a thread of the worker pool (see
 * pooled-readers.ts); undefined when the bytes do not decode as a picture.
 */
export async function describePicture({ data }: { data: Uint8Array }): Promise<PictureFacts | undefined> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const size = await imageSize(bytes);
  return size && { ...size, thumbnail: await thumbnail(bytes) };
}

export interface ImageLimit {
  /** Longest side the provider works with; larger pictures are scaled down first. */
  maxSide: number;
  /** Largest encoded picture the provider takes. */
  maxBytes: number;
}

interface FittedPicture {
  data: Uint8Array;
  mimeType: string;
}

/**
 * A picture ready for a provider: as it is when it fits, otherwise scaled to `maxSide` and
 * re-encoded (JPEG, lowering quality until it fits `maxBytes`). GIFs keep only their first frame
 * when resized. Run in a process of the worker pool (see pooled-readers.ts): a picture of many
 * megapixels that packs into a few hundred KB takes seconds and hundreds of MB to decode; one
 * past MAX_PIXELS is refused from its header (a `size` WorkLimitError: the turn goes on without it).
 */
export async function fitPicture(input: { data: Uint8Array; mimeType: string; limit: ImageLimit }): Promise<FittedPicture> {
  const { mimeType, limit } = input;
  const data = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
  const size = await imageSize(data);
  if (size && Math.max(size.width, size.height) <= limit.maxSide && data.length <= limit.maxBytes) return { data, mimeType };
  let quality = 85;
  for (;;) {
    const resized = await (await picture(data))
      .rotate()
      .resize(limit.maxSide, limit.maxSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality })
      .toBuffer()
      .catch(pixelLimit);
    if (resized.length <= limit.maxBytes || quality <= 40) return { data: resized, mimeType: 'image/jpeg' };
    quality -= 15;
  }
}
