import { setImmediate as nextTurn } from 'node:timers/promises';
import { bytePairCount, type Ranks, type WorkMeter } from './byte-pair-count.ts';

interface Encoding {
  pattern: RegExp;
  ranks: Ranks;
}

let encoding: Promise<Encoding> | undefined;

/** Ranks decoded between two turns of the event loop: decoding all 100k at once stalled every request for a quarter of a second or more. */
const RANKS_PER_SLICE = 4_000;

/** Decodes js-tiktoken's compact rank lines (`! <offset> <base64 token>…`) into bytes → rank, in slices. */
async function decodeRanks(bpeRanks: string): Promise<Map<string, number>> {
  const ranks = new Map<string, number>();
  for (const line of bpeRanks.split('\n')) {
    if (!line) continue;
    const [, offset, ...tokens] = line.split(' ');
    for (let i = 0; i < tokens.length; i++) {
      ranks.set(Buffer.from(tokens[i]!, 'base64').toString('latin1'), Number(offset) + i);
      if (i % RANKS_PER_SLICE === RANKS_PER_SLICE - 1) await nextTurn();
    }
  }
  return ranks;
}

/** cl100k_base from the ranks bundled with js-tiktoken, loaded on first use (several MB) and kept. */
function cl100k(): Promise<Encoding> {
  encoding ??= import('js-tiktoken/ranks/cl100k_base').then(async ({ default: data }) => ({
    pattern: new RegExp(data.pat_str, 'gu'),
    ranks: await decodeRanks(data.bpe_ranks),
  }));
  return encoding;
}

/** Bytes of pieces counted between two turns of the event loop, so a long count never stalls other requests. */
const SLICE_BYTES = 16_384;
const nextTurnOfLoop = () => nextTurn();

/**
 * Tokens in `text` under cl100k_base, exactly as tiktoken counts them, in O(n log n). Special-token
 * markers such as `<|endoftext|>` are counted as the plain text a user typed, never refused.
 * Long texts are counted in slices with a turn of the event loop between them.
 */
export async function countTokens(text: string, meter: WorkMeter = { lookups: 0 }): Promise<number> {
  const { pattern, ranks } = await cl100k();
  let count = 0;
  let sinceYield = 0;
  for (const [piece] of text.matchAll(pattern)) {
    const bytes = Buffer.from(piece, 'utf8').toString('latin1');
    meter.lookups++;
    count += ranks.has(bytes) ? 1 : await bytePairCount(bytes, ranks, meter, nextTurnOfLoop);
    sinceYield += bytes.length;
    if (sinceYield >= SLICE_BYTES) {
      sinceYield = 0;
      await nextTurn();
    }
  }
  return count;
}
