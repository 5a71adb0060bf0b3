import { endpointCapabilities, messageFileOf, modelAcceptsUploads, type EndpointName, type MessageFile, type ModelProvider } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { presentFile } from '../../presenters/present-file.ts';
import type { ChatTurn, TurnAttachment } from '../../providers/types.ts';
import { findOwnedFiles, type FileRow } from './file-store.ts';
import { assertMayUseFiles, type FileUser } from './file-user.ts';
import type { ImageLimit } from './image-info.ts';
import { modelInputs, readsPdfNatively, type ModelInputs } from './model-inputs.ts';
import { fitPictureInPool } from './pooled-readers.ts';

/** Each provider's documented picture limits: longest side it works at, and largest encoded picture. */
const imageLimits: Record<ModelProvider, ImageLimit> = {
  openai: { maxSide: 2048, maxBytes: 20 * 1024 * 1024 },
  anthropic: { maxSide: 1568, maxBytes: 5 * 1024 * 1024 },
  google: { maxSide: 3072, maxBytes: 7 * 1024 * 1024 },
  xai: { maxSide: 2048, maxBytes: 10 * 1024 * 1024 },
  deepseek: { maxSide: 2048, maxBytes: 5 * 1024 * 1024 },
};

export const toMessageFile = (row: FileRow): MessageFile => messageFileOf(presentFile(row));

/**
 * The files of a new user message (`files: [{id}]` of the ask body): the caller's own uploads,
 * within the endpoint's count (openAI 5, grok 1 picture) and on a model that takes them.
 * Another owner's or an unknown id is a 404, as if it did not exist; a visitor without a key
 * attaches nothing.
 */
export async function attachedFiles(
  ctx: AppContext,
  owner: FileUser,
  target: { endpoint: EndpointName; model: string },
  requested: readonly { id: string }[] | undefined,
): Promise<MessageFile[] | undefined> {
  if (!requested?.length) return undefined;
  assertMayUseFiles(owner);
  const uploads = endpointCapabilities[target.endpoint].uploads;
  if (!uploads || !modelAcceptsUploads(target.endpoint, target.model, modelInputs(ctx.env, target.endpoint, target.model))) {
    throw new AppError('upload_not_supported');
  }
  const ids = [...new Set(requested.map((f) => f.id))];
  if (ids.length > uploads.maxFiles) throw new AppError('too_many_files');
  const rows = await findOwnedFiles(ctx.db, owner.id, ids);
  if (rows.length !== ids.length) throw new AppError('not_found', 'File not found.');
  if (uploads.imagesOnly && rows.some((row) => row.kind !== 'image')) throw new AppError('invalid_file');
  return rows.map(toMessageFile);
}

/** Shares the model's document budget out, newest turn first, so the file just attached is read in full first. */
class DocumentBudget {
  constructor(private left: number) {}
  take(row: FileRow): string {
    const text = row.text ?? '';
    const part = text.slice(0, Math.max(0, this.left));
    this.left -= part.length;
    const cut = part.length < text.length || row.textTruncated;
    const note = cut ? `\n[Truncated: only the first ${part.length} characters of ${row.filename} fit in this model's context.]` : '';
    return `[Attached file: ${row.filename}]\n${part}${note}\n[End of ${row.filename}]`;
  }
}

async function loadBytes(ctx: AppContext, row: FileRow): Promise<Buffer> {
  const data = await ctx.files.get(row.path);
  if (!data) throw new Error(`file ${row.id} has a row but no stored bytes`);
  return data;
}

interface TurnParts {
  attachments: TurnAttachment[];
  /** Document text and notes, put before the message text. */
  context: string[];
}

async function partsOf(ctx: AppContext, turn: ChatTurn, rows: Map<string, FileRow>, inputs: ModelInputs, budget: DocumentBudget): Promise<TurnParts> {
  const parts: TurnParts = { attachments: [], context: [] };
  for (const file of turn.files ?? []) {
    const row = rows.get(file.file_id);
    if (!row) {
      parts.context.push(`[Attached file ${file.filename} is no longer available.]`);
    } else if (row.kind === 'image') {
      if (!inputs.vision) {
        parts.context.push(`[Attached picture ${row.filename}: this model cannot see pictures.]`);
        continue;
      }
      const fitted = await fitPictureInPool(ctx, row, await loadBytes(ctx, row), row.mimeType, imageLimits[inputs.provider ?? 'openai']);
      if (fitted) parts.attachments.push({ mediaType: fitted.mimeType, data: fitted.data, filename: row.filename });
      else parts.context.push(`[Attached picture ${row.filename}: it is too large or too complex to prepare for this model.]`);
    } else if (row.mimeType === 'application/pdf' && readsPdfNatively(inputs)) {
      parts.attachments.push({ mediaType: row.mimeType, data: await loadBytes(ctx, row), filename: row.filename });
    } else if (row.text === null) {
      parts.context.push(`[Attached file ${row.filename}: its text could not be read.]`);
    } else {
      parts.context.push(budget.take(row));
    }
  }
  return parts;
}

/**
 * The turns sent upstream with their files: pictures for vision models (fitted to the
 * provider's limits), PDFs as files to models that read them, other documents as their text
 * ahead of the message, within the model's budget and with a note where cut.
 */
export async function turnsWithFiles(ctx: AppContext, exchange: { userId: string; endpoint: EndpointName; model: string; turns: ChatTurn[] }): Promise<ChatTurn[]> {
  const ids = [...new Set(exchange.turns.flatMap((turn) => (turn.files ?? []).map((f) => f.file_id)))];
  if (ids.length === 0) return exchange.turns;
  const inputs = modelInputs(ctx.env, exchange.endpoint, exchange.model);
  const rows = new Map((await findOwnedFiles(ctx.db, exchange.userId, ids)).map((row) => [row.id, row]));
  const budget = new DocumentBudget(inputs.documentBudget);
  const turns = [...exchange.turns];
  for (let i = turns.length - 1; i >= 0; i -= 1) {
    const turn = turns[i]!;
    if (!turn.files?.length) continue;
    const { attachments, context } = await partsOf(ctx, turn, rows, inputs, budget);
    turns[i] = {
      role: turn.role,
      content: [...context, turn.content].join('\n\n'),
      ...(attachments.length > 0 ? { attachments } : {}),
    };
  }
  return turns;
}
