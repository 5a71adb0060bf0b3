/** Characters a piece holds before it is closed: small enough to stay out of V8's large-object space (128 KB). */
const PIECE_CHARS = 16_384;

/**
 * A reply's text as it streams in: appended to at its end, read whole only when it ends. Kept in
 * pieces of about 16,000 characters, so what was added since a given length (each save tick's
 * part) is read without building the whole text again: reading that from one string built every
 * reply whole, 100 KB, 7 times a second per live reply.
 */
export class GrowingText {
  private readonly pieces: string[] = [];
  private piecesLength = 0;
  private tail: string;

  constructor(start = '') {
    this.tail = start;
  }

  get length(): number {
    return this.piecesLength + this.tail.length;
  }

  append(text: string): void {
    this.tail += text;
    if (this.tail.length < PIECE_CHARS) return;
    this.pieces.push(this.tail);
    this.piecesLength += this.tail.length;
    this.tail = '';
  }

  /** The text from `offset` (in UTF-16 units) to its end. */
  from(offset: number): string {
    if (offset >= this.piecesLength) return this.tail.slice(offset - this.piecesLength);
    let start = 0;
    let i = 0;
    while (start + this.pieces[i]!.length <= offset) start += this.pieces[i++]!.length;
    return this.pieces[i]!.slice(offset - start) + this.pieces.slice(i + 1).join('') + this.tail;
  }

  toString(): string {
    return this.pieces.join('') + this.tail;
  }
}
