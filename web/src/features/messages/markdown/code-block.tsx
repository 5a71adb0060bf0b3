import { Check, Copy } from 'lucide-react';
import { isValidElement, useRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../components/use-copy.ts';

/** A fenced code block: a bar with the language and a copy button over the highlighted code. */
export function CodeBlock({ children, ...props }: ComponentProps<'pre'>) {
  const { t } = useTranslation();
  const ref = useRef<HTMLPreElement>(null);
  const { copied, copy } = useCopy();
  const codeClass = isValidElement<{ className?: string }>(children) ? (children.props.className ?? '') : '';
  const language = /language-([\w+#-]+)/.exec(codeClass)?.[1];

  return (
    <div className="not-prose my-3 overflow-hidden rounded-xl border border-neutral-800 bg-[#0d1117] text-sm">
      <div className="flex items-center justify-between bg-neutral-800/80 px-3 py-1.5 text-xs text-neutral-300">
        <span className="font-mono lowercase">{language ?? ''}</span>
        <button
          type="button"
          data-testid="copy-code"
          className="inline-flex cursor-pointer items-center gap-1.5 rounded-md px-1.5 py-0.5 hover:bg-neutral-700 hover:text-white"
          onClick={() => copy(ref.current?.innerText ?? '')}
        >
          {copied ? <Check aria-hidden className="size-3.5" /> : <Copy aria-hidden className="size-3.5" />}
          {copied ? t('chat.message.copied') : t('chat.message.copy_code')}
        </button>
      </div>
      <pre ref={ref} className="overflow-x-auto p-4 leading-relaxed text-neutral-100" {...props}>
        {children}
      </pre>
    </div>
  );
}
