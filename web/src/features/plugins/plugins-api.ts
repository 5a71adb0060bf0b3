import { pluginSchema, userPluginsSchema, userSchema, type UpdatePlugin } from '@parley/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../api/client.ts';

export const pluginsQueryKey = ['plugins'] as const;
export const userPluginsQueryKey = ['user', 'plugins'] as const;

/** SPEC point 7: the plugin manifest, the user's installed plugins, and install/uninstall. */
export const pluginsApi = {
  list: (signal?: AbortSignal) => apiJson('/api/plugins', { schema: z.array(pluginSchema), signal }),
  installed: async (signal?: AbortSignal) => (await apiJson('/api/user', { schema: userSchema, signal })).plugins,
  update: (body: UpdatePlugin) => apiJson('/api/user/plugins', { method: 'POST', body, schema: userPluginsSchema }),
};

export const usePlugins = (enabled = true) => useQuery({ queryKey: pluginsQueryKey, queryFn: ({ signal }) => pluginsApi.list(signal), enabled });
export const useInstalledPlugins = () => useQuery({ queryKey: userPluginsQueryKey, queryFn: ({ signal }) => pluginsApi.installed(signal) });
