import { adminChannelListSchema, adminChannelSchema, channelTestAnswerSchema } from '@parley/core';
import { consoleGet, consoleSend } from '../../components/console/console-api.ts';

export const fetchChannels = () => consoleGet('channels', adminChannelListSchema);
export const setChannelState = (name: string, state: 'enable' | 'disable') => consoleSend(`channels/${encodeURIComponent(name)}/${state}`, adminChannelSchema);
export const testChannel = (name: string) => consoleSend(`channels/${encodeURIComponent(name)}/test`, channelTestAnswerSchema);
