/**
 * Incremental reader of an event stream's `data` payloads (the WHATWG server-sent events line
 * rules): lines end with LF, CRLF or CR; a blank line dispatches the event's `data:` lines
 * joined with LF; comments (`:`) and the other fields are skipped, since Chat Completions
 * streams carry everything in `data`. Text may arrive split anywhere, even inside a CRLF.
 */
export class SseDataParser {
  private buffer = '';
  private data: string[] = [];

  /** Feeds decoded text; `onData` receives each complete event's data, in order. */
  push(text: string, onData: (data: string) => void): void {
    let buffer = this.buffer + text;
    // A CR at the very end may be the first half of a CRLF: keep it for the next piece.
    const heldCr = buffer.endsWith('\r');
    if (heldCr) buffer = buffer.slice(0, -1);
    if (buffer.includes('\r')) buffer = buffer.replace(/\r\n?/g, '\n');
    let start = 0;
    let end: number;
    while ((end = buffer.indexOf('\n', start)) !== -1) {
      this.line(buffer.slice(start, end), onData);
      start = end + 1;
    }
    this.buffer = buffer.slice(start) + (heldCr ? '\r' : '');
  }

  /** The body ended: a final event without its blank line is still dispatched. */
  end(onData: (data: string) => void): void {
    if (this.buffer !== '') this.push('\n', onData);
    this.line('', onData);
  }

  private line(line: string, onData: (data: string) => void): void {
    if (line === '') {
      if (this.data.length > 0) onData(this.data.length === 1 ? this.data[0]! : this.data.join('\n'));
      this.data = [];
      return;
    }
    if (!line.startsWith('data')) return;
    if (line.length === 4) this.data.push('');
    else if (line[4] === ':') this.data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
  }
}
