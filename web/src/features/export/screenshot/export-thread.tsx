import { CircleAlert, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EndpointIcon } from '../../../components/endpoint-icon.tsx';
import { MessageFiles } from '../../files/message-files.tsx';
import { Markdown } from '../../messages/markdown/markdown.tsx';

interface ShotMessage {
  sender: string;
  text: string;
  isUser: boolean;
  error: boolean;
  endpoint: string | null;
  files: unknown;
}

export interface ShotInput {
  title: string;
  subtitle: string;
  messages: readonly ShotMessage[];
}

/** Width of the exported picture in CSS pixels: the thread's reading column with its margins. */
export const shotWidth = 800;

function ShotRow({ message }: { message: ShotMessage }) {
  if (message.isUser) {
    return (
      <div className="flex flex-col items-end py-3" data-shot-row>
        <div className="max-w-[85%] rounded-3xl bg-neutral-100 px-4 py-2.5 text-[15px] leading-relaxed text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100">
          <MessageFiles files={message.files} />
          <div className="whitespace-pre-wrap break-words">{message.text}</div>
        </div>
      </div>
    );
  }
  return (
    <div className="flex gap-4 py-3" data-shot-row>
      <EndpointIcon endpoint={message.endpoint} className="mt-0.5 size-7 rounded-lg" />
      <div className="min-w-0 flex-1">
        <div className="mb-1 text-sm font-semibold text-neutral-800 dark:text-neutral-100">{message.sender}</div>
        <div className="text-[15px] text-neutral-800 dark:text-neutral-200">
          {message.error ? (
            <div className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-3.5 py-3 text-sm leading-relaxed text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <div className="min-w-0 flex-1 break-words">{message.text}</div>
            </div>
          ) : (
            <Markdown text={message.text} />
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * The conversation as the thread shows it (rendered markdown, highlighted code, math, stored
 * pictures, the page's theme), laid out for a picture; `cut` counts messages left out of a
 * thread too long for one picture.
 */
export function ExportThread({ input, cut }: { input: ShotInput; cut: number }) {
  const { t } = useTranslation();
  return (
    <div style={{ width: shotWidth }} className="bg-white px-8 pt-7 pb-6 text-neutral-900 dark:bg-neutral-900 dark:text-neutral-100">
      <header className="mb-3 border-b border-neutral-200 pb-4 dark:border-neutral-700">
        <h1 className="text-[22px] leading-tight font-semibold">{input.title}</h1>
        <p className="mt-1 text-[13px] text-neutral-500 dark:text-neutral-400">{input.subtitle}</p>
      </header>
      {input.messages.map((message, index) => (
        <ShotRow key={index} message={message} />
      ))}
      {cut > 0 ? (
        <p className="mt-2 flex items-center gap-2 border-t border-neutral-200 pt-3 text-[13px] text-neutral-500 dark:border-neutral-700 dark:text-neutral-400" data-shot-cut>
          <FileText aria-hidden className="size-4" />
          {t('export.png_cut', { count: cut })}
        </p>
      ) : null}
    </div>
  );
}
