import { dailySpendSchema, myOrderPageSchema, usageRecordPageSchema, UTC_OFFSET_PATTERN, type DailySpend, type MyOrderPage, type UsageRecordPage } from '@parley/core';
import { apiJson } from '../../api/client.ts';
import { downloadFile } from '../../api/download-file.ts';
import { withQuery } from '../../api/with-query.ts';

/** The browser's time zone, by name; where the runtime names none, today's UTC offset (`+08:00`). */
function browserTimeZone(now = new Date()): string {
  const name = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (name) return name;
  const minutes = -now.getTimezoneOffset();
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  const offset = `${minutes < 0 ? '-' : '+'}${pad(minutes / 60)}:${pad(minutes % 60)}`;
  return UTC_OFFSET_PATTERN.test(offset) ? offset : 'UTC';
}

/** The page's page size for calls and for orders. */
const MY_PAGE_SIZE = 20;

/** The caller's own reads: spend per day, calls and orders, and the calls as a CSV file. */
export const myUsageApi = {
  daily: (days: number, signal?: AbortSignal): Promise<DailySpend> => apiJson(withQuery('/api/usage/daily', { days, tz: browserTimeZone() }), { schema: dailySpendSchema, signal }),
  records: (before: string | undefined, signal?: AbortSignal): Promise<UsageRecordPage> =>
    apiJson(withQuery('/api/usage/records', { limit: MY_PAGE_SIZE, before }), { schema: usageRecordPageSchema, signal }),
  orders: (before: string | undefined, signal?: AbortSignal): Promise<MyOrderPage> => apiJson(withQuery('/api/usage/orders', { limit: MY_PAGE_SIZE, before }), { schema: myOrderPageSchema, signal }),
  csv: () => downloadFile('/api/usage/records?format=csv', `my-usage-${new Date().toISOString().slice(0, 10)}.csv`),
};
