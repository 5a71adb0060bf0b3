/** The export formats of SPEC point 4, in the order the dialog lists them; screenshot is the default. */
export const exportTypes = ['screenshot', 'text', 'markdown', 'json', 'csv'] as const;
export type ExportType = (typeof exportTypes)[number];

export const exportExtensions: Record<ExportType, string> = {
  screenshot: 'png',
  text: 'txt',
  markdown: 'md',
  json: 'json',
  csv: 'csv',
};

export interface ExportSettings {
  type: ExportType;
  /** Base name without the extension, as typed; sanitised when the file is written. */
  filename: string;
  /** The conversation's endpoint options (model, temperature…) written beside the messages. */
  includeOptions: boolean;
  /** Every message of every branch rather than only the branch on screen. */
  branches: boolean;
  /** JSON only: replies nested in their parent's `children` rather than one flat list. */
  recursive: boolean;
}

/**
 * What a type allows (SPEC point 4): options cannot go into a table or a picture, branches only
 * make sense where the tree can be written out (json, csv), nesting only in JSON.
 */
export function exportSupport(type: ExportType) {
  return {
    includeOptions: type !== 'csv' && type !== 'screenshot',
    branches: type === 'json' || type === 'csv',
    recursive: type === 'json',
  };
}

/**
 * The settings after picking a type: options on where supported, branches switched on for json
 * and csv and forced off elsewhere; the JSON nesting choice and the file name are kept.
 */
export function settingsForType(current: ExportSettings, type: ExportType): ExportSettings {
  const support = exportSupport(type);
  return { ...current, type, includeOptions: support.includeOptions, branches: support.branches };
}

export function defaultExportSettings(title: string | null | undefined): ExportSettings {
  return settingsForType({ type: 'screenshot', filename: title?.trim() || 'file', includeOptions: false, branches: false, recursive: true }, 'screenshot');
}
