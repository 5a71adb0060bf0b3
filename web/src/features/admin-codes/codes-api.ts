import { adminCodePageSchema, adminCodeSchema, createdCodesSchema, type CreateCodesRequest } from '@parley/core';
import { consoleGet, consoleSend, type ConsoleParams } from '../../components/console/console-api.ts';

export const codesApi = {
  page: (params: ConsoleParams) => consoleGet('codes', adminCodePageSchema, params),
  create: (input: CreateCodesRequest) => consoleSend('codes', createdCodesSchema, input),
  disable: (id: string) => consoleSend(`codes/${encodeURIComponent(id)}/disable`, adminCodeSchema),
};
