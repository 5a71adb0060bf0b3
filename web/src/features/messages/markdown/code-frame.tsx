import { Check, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../components/use-copy.ts';

/** The frame every code block shares: a bar with the language, its own buttons and Copy code, over the content. */
export function CodeFrame({ language, copyText, actions, children }: { language: string; copyText: () => string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  return (
    <div className="not-prose my-3 overflow-hidden rounded-xl border border-neutral-800 bg-[#0d1117] text-sm">
      <div className="flex items-center justify-between gap-2 bg-neutral-800/80 px-3 py-1.5 text-xs text-neutral-300">
        <span className="font-mono lowercase">{language}</span>
        <div className="flex items-center gap-1" data-export-chrome>
          {actions}
          <button
            type="button"
            data-testid="copy-code"
            className="inline-flex cursor-pointer items-center gap-1.5 rounded-md px-1.5 py-0.5 hover:bg-neutral-700 hover:text-white"
            onClick={() => copy(copyText())}
          >
            {copied ? <Check aria-hidden className="size-3.5" /> : <Copy aria-hidden className="size-3.5" />}
            {copied ? t('chat.message.copied') : t('chat.message.copy_code')}
          </button>
        </div>
      </div>
      {children}
    </div>
  );
}
