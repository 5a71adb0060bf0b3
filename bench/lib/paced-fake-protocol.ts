/** What the paced fake's worker is started with. */
export interface PacedFakeConfig {
  /** Chunks per stream. */
  chunks: number;
  spacingMs: number;
  /** Float64 per (stream, chunk): the `nowMs()` at which the chunk was written; 0 until then. */
  emitted: SharedArrayBuffer;
}

/** The user text that asks the paced fake for stream `n`. */
export const benchStreamPrompt = (stream: number) => `bench stream ${stream}`;

/** Chunk `k` of stream `s`: unique, so the client can tell a lost, repeated or reordered chunk. */
export const chunkText = (stream: number, k: number) => `s${stream}c${k} `;

/** The chunks a piece of received text is made of; undefined when it holds anything else. */
export function parseChunks(text: string): { stream: number; k: number }[] | undefined {
  const found: { stream: number; k: number }[] = [];
  const pattern = /s(\d+)c(\d+) /y;
  let consumed = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text))) {
    found.push({ stream: Number(match[1]), k: Number(match[2]) });
    consumed = pattern.lastIndex;
  }
  return consumed === text.length ? found : undefined;
}

/** The stream a request asks for, from its last user turn; undefined for any other request. */
export function benchStreamOf(messages: { role: string; content: unknown }[]): number | undefined {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  const content = last?.content;
  const text = typeof content === 'string' ? content : Array.isArray(content) ? content.map((p: { text?: string }) => p.text ?? '').join('') : '';
  const match = /^bench stream (\d+)$/.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}
