import { z } from 'zod';
import type { EpayConfig } from './epay-config.ts';
import { moneyToFen } from './epay-sign.ts';

const QUERY_TIMEOUT_MS = 10_000;

/** epay's `api.php?act=order` answer: `code` 1 and `status` 1 for a paid trade. */
const orderAnswerSchema = z.object({
  code: z.coerce.number(),
  msg: z.string().optional(),
  trade_no: z.string().max(256).optional(),
  out_trade_no: z.string().max(256).optional(),
  money: z.string().max(32).optional(),
  status: z.coerce.number().optional(),
});

export type GatewayTrade =
  | { paid: true; tradeNo: string; fen: number | undefined }
  | { paid: false; reason: string };

/**
 * Asks the gateway about one order (`EPAY_URL/api.php?act=order&pid&key&out_trade_no`), bounded
 * to 10 s. The merchant key travels in the query, as epay's API wants, to the operator's own
 * gateway only. Throws when the gateway cannot be reached or answers something else.
 */
export async function queryGatewayTrade(config: EpayConfig, orderId: string): Promise<GatewayTrade> {
  const query = new URLSearchParams({ act: 'order', pid: config.pid, key: config.key, out_trade_no: orderId });
  const response = await fetch(`${config.url}/api.php?${query.toString()}`, { signal: AbortSignal.timeout(QUERY_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`the gateway answered HTTP ${response.status}`);
  const answer = orderAnswerSchema.parse(await response.json());
  if (answer.code !== 1) return { paid: false, reason: answer.msg ?? `code ${answer.code}` };
  if (answer.out_trade_no !== undefined && answer.out_trade_no !== orderId) throw new Error(`the gateway answered about order ${answer.out_trade_no}`);
  if (answer.status !== 1 || !answer.trade_no) return { paid: false, reason: 'not paid yet' };
  return { paid: true, tradeNo: answer.trade_no, fen: moneyToFen(answer.money ?? '') };
}
