import { apiJson } from '../../api/client.ts';

/** The Data tab's calls (SPEC point 7): delete every conversation, revoke every provided key. */
export const dataApi = {
  clearConversations: (): Promise<{ deletedCount: number }> => apiJson('/api/convos/clear', { body: { arg: {} } }),
  revokeKeys: (): Promise<{ deletedCount: number }> => apiJson('/api/keys?all=true', { method: 'DELETE' }),
};
