import { describe, expect, it } from 'vitest';
import { endpointsConfigSchema, modelsConfigSchema } from './endpoints-config.ts';
import { endpointOrder } from './names.ts';

const allOff = Object.fromEntries(endpointOrder.map((name) => [name, false]));

describe('the endpoints and models answers', () => {
  it('name every endpoint of the registry, in menu order', () => {
    expect(Object.keys(endpointsConfigSchema.shape)).toEqual([...endpointOrder]);
    expect(() => modelsConfigSchema.parse({ openAI: [] })).toThrow();
  });

  it('take false for a disabled endpoint and require the plugin fields of an enabled gptPlugins', () => {
    expect(endpointsConfigSchema.parse(allOff)).toEqual(allOff);
    const plugins = { ...allOff, gptPlugins: { order: 3, userProvide: false } };
    expect(endpointsConfigSchema.safeParse(plugins).success).toBe(false);
    const complete = { ...allOff, gptPlugins: { order: 3, userProvide: false, plugins: {}, availableAgents: ['functions'] } };
    expect(endpointsConfigSchema.parse(complete)).toEqual(complete);
  });
});
