/** What an uploaded file is to a model: a picture it looks at, or a document it reads. */
export type FileKind = 'image' | 'document';

/** The picture formats every vision API takes; grok takes only these (SPEC point 5). */
export const imageExtensions = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
export const imageMimeTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** The document types of SPEC point 5 (for every endpoint but grok). */
export const documentExtensions = [
  'doc', 'docx', 'pdf', 'ppt', 'pptx', 'xls', 'xlsx', 'odt', 'ods', 'odp', 'html', 'json', 'js', 'java', 'tex', 'ts',
  'sh', 'cs', 'c', 'cpp', 'latex', 'md', 'txt', 'rb', 'py', 'php', 'csv', 'rtf', 'xml',
] as const;

/** The lower-cased extension of a file name, without the dot; '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const isIn = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** The kind a file name claims, or undefined for a type nobody takes. The bytes are checked on the server. */
export function fileKindOf(name: string): FileKind | undefined {
  const extension = extensionOf(name);
  if (isIn(imageExtensions, extension)) return 'image';
  if (isIn(documentExtensions, extension)) return 'document';
  return undefined;
}

/** The `accept` list of the attachment picker. */
export function acceptedExtensions(imagesOnly: boolean): string {
  const list: readonly string[] = imagesOnly ? imageExtensions : [...imageExtensions, ...documentExtensions];
  return list.map((e) => `.${e}`).join(',');
}
