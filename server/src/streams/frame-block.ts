import { storedFrame, type StreamFrame } from './stream-registry.ts';

const MESSAGE = 0;
const ERROR = 1;
/** In `seqs`: the frame's JSON is kept whole, not as a delta. */
const WHOLE = -1;

/**
 * A text delta frame exactly as the chat writes it, `{"message":true,"seq":N,"delta":"…"}`: nine
 * characters of text come with about forty of wrapping. Anything else (a reasoning delta, plugins,
 * the final frame) does not match, and is kept whole.
 */
const DELTA_FRAME = /^\{"message":true,"seq":(\d{1,9}),"delta":("(?:[^"\\]|\\.)*")\}$/;
/** A text delta frame's JSON from its `seq` and its delta's JSON: what JSON.stringify of the frame's data writes, without building it. */
export const deltaFrameJson = (seq: number, deltaJson: string) => `{"message":true,"seq":${seq},"delta":${deltaJson}}`;

/** Characters past Latin-1 make V8 keep a string at two bytes a character. */
const TWO_BYTE = /[\u0100-\uffff]/;

/**
 * Consecutive frames of one stream, numbered from `first`, as little memory as replaying them
 * exactly allows: their JSON joined into one text, a text delta frame kept as its delta's JSON
 * alone, with where each ends, its `seq` and its event. A 100 KB reply arrives as 11,000 frames:
 * kept one object and one string each they took about 100 bytes a frame, here about 20.
 */
export class FrameBlock {
  private readonly text: string;
  private readonly ends: Uint32Array;
  private readonly seqs: Int32Array;
  private readonly events: Uint8Array;

  constructor(
    readonly first: number,
    frames: readonly StreamFrame[],
  ) {
    const parts: string[] = [];
    this.ends = new Uint32Array(frames.length);
    this.seqs = new Int32Array(frames.length);
    this.events = new Uint8Array(frames.length);
    let end = 0;
    frames.forEach((frame, i) => {
      const delta = frame.event === 'message' ? DELTA_FRAME.exec(frame.json) : null;
      const part = delta ? delta[2]! : frame.json;
      parts.push(part);
      end += part.length;
      this.ends[i] = end;
      this.seqs[i] = delta ? Number(delta[1]) : WHOLE;
      this.events[i] = frame.event === 'error' ? ERROR : MESSAGE;
    });
    this.text = parts.join('');
  }

  get count(): number {
    return this.ends.length;
  }

  /** What this takes in memory: the text at one or two bytes a character, and the three tables. */
  get bytes(): number {
    const perChar = TWO_BYTE.test(this.text) ? 2 : 1;
    return this.text.length * perChar + this.ends.byteLength + this.seqs.byteLength + this.events.byteLength;
  }

  /** The frame numbered `seq` (within this block), as it was appended; `last` flags the stream's end. */
  frame(seq: number, last: boolean): StreamFrame {
    const i = seq - this.first;
    const part = this.text.slice(i === 0 ? 0 : this.ends[i - 1]!, this.ends[i]);
    const json = this.seqs[i] === WHOLE ? part : deltaFrameJson(this.seqs[i]!, part);
    return storedFrame(seq, this.events[i] === ERROR ? 'error' : 'message', json, last);
  }
}
