import { adminSettingsResponseSchema, type BusinessSettingsPatch } from '@parley/core';
import { consoleGet, consoleSend } from '../../components/console/console-api.ts';

export const settingsApi = {
  get: () => consoleGet('settings', adminSettingsResponseSchema),
  save: (patch: BusinessSettingsPatch) => consoleSend('settings', adminSettingsResponseSchema, patch, 'PUT'),
};
