import { adminKeyPageSchema, adminKeySchema, createdKeysSchema, type CreateKeysRequest } from '@parley/core';
import { consoleGet, consoleSend, type ConsoleParams } from '../../components/console/console-api.ts';

const keyPath = (id: string, action: string) => `keys/${encodeURIComponent(id)}/${action}`;

export const keysApi = {
  page: (params: ConsoleParams) => consoleGet('keys', adminKeyPageSchema, params),
  create: (input: CreateKeysRequest) => consoleSend('keys', createdKeysSchema, input),
  addQuota: (id: string, amount: number) => consoleSend(keyPath(id, 'quota'), adminKeySchema, { amount }),
  extend: (id: string, days: number) => consoleSend(keyPath(id, 'extend'), adminKeySchema, { days }),
  revoke: (id: string) => consoleSend(keyPath(id, 'revoke'), adminKeySchema),
};
