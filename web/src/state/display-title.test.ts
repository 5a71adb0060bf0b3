import { DEFAULT_PRESET_TITLE, DEFAULT_TITLE } from '@parley/core';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import zhCN from '../locales/zh-CN.json' with { type: 'json' };
import { conversationTitle, presetTitle } from './display-title.ts';

const t = i18next.t.bind(i18next);

beforeAll(async () => {
  await i18next.init({ showSupportNotice: false, lng: 'zh-CN', resources: { 'zh-CN': { translation: zhCN } } });
});

describe('conversationTitle', () => {
  it('shows the stored default title in the reader’s language', () => {
    expect(conversationTitle(DEFAULT_TITLE, t)).toBe('新对话');
    expect(conversationTitle('', t)).toBe('新对话');
    expect(conversationTitle(null, t)).toBe('新对话');
  });

  it('leaves generated and typed titles untouched, even English ones', () => {
    expect(conversationTitle('Quantum computing basics', t)).toBe('Quantum computing basics');
    expect(conversationTitle('New Chat ideas', t)).toBe('New Chat ideas');
  });
});

describe('presetTitle', () => {
  it('translates the stored default preset name and nothing else', () => {
    expect(presetTitle(DEFAULT_PRESET_TITLE, t)).toBe('新预设');
    expect(presetTitle('Code review', t)).toBe('Code review');
  });
});
