import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { pdfBytes } from '@parley/testkit/fixtures';
import sharp from 'sharp';

export { pdfBytes };

/** A solid-colour picture of the given size, as real image bytes. */
export function pictureBytes(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .toFormat(format)
    .toBuffer();
}

/** One PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A decompression bomb: a black greyscale PNG of `width` × `height` whose rows pack into almost
 * nothing (9,000 × 9,000, 81 megapixels, is about 80 KB), each pixel of which a decoder must produce.
 */
export function pictureBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample; colour type 0 (greyscale), default compression, filter and no interlace follow as zeros
  // Each row is a filter byte (0) and its pixels (0).
  const rows = deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A zip holding the given files: stored as they are, or deflated (as Office writes them). */
export function zipBytes(entries: Record<string, string | Buffer>, { deflate = false } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const plain = Buffer.from(content);
    const data = deflate ? deflateRawSync(plain) : plain;
    const crc = crc32(plain);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(plain.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(plain.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** A one-paragraph Word document. */
export function docxBytes(text: string): Buffer {
  return wordDocument(`<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`);
}

/** A Word document with the given body XML. */
function wordDocument(body: string, options?: { deflate: boolean }): Buffer {
  return zipBytes({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  }, options);
}

/** Documents that froze the server when read on its event loop (issue 24), each a few KB to 150 KB. */
export const hostileDocuments = {
  /** 20 KB of .docx with 200,000 paragraphs: 6.6 s and +565 MB when read on the event loop. */
  manyParagraphs: () => wordDocument('<w:p><w:r><w:t>a</w:t></w:r></w:p>'.repeat(200_000), { deflate: true }),
  /** 150 KB of .docx that unpacks to 150 MB. */
  zipBomb: () => wordDocument(`<w:p><w:r><w:t>${' '.repeat(150_000_000)}</w:t></w:r></w:p>`, { deflate: true }),
  /** A PDF whose one page has 300,000 text operators (closing and reopening the one string pdfBytes shows). */
  textOperators: () => pdfBytes(`a) Tj ${'0 -12 Td (a) Tj '.repeat(300_000)}(a`),
};


