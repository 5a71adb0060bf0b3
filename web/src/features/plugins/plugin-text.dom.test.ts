// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../locales/i18n.ts';
import { toolDisplayName } from './plugin-text.ts';

describe('tools named as people read them', () => {
  it('names an MCP tool by its server and words, and any other id by its words', async () => {
    const t = (await initI18n()).t;
    expect(toolDisplayName(t, 'get-sum_mcp_everything')).toBe('Everything: get sum');
    expect(toolDisplayName(t, 'read_file_mcp_local-files')).toBe('Local files: read file');
    expect(toolDisplayName(t, 'unit_converter')).toBe('Unit converter');
  });
});
