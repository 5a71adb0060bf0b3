import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { addExample, removeExample, setExample, type Example } from './examples.ts';
import { TextParameter } from './text-parameter.tsx';

export interface ExamplesEditorProps {
  examples: Example[];
  onChange(examples: Example[]): void;
}

/** Google example pairs with the add / set / remove rules of SPEC point 4. */
export function ExamplesEditor({ examples, onChange }: ExamplesEditorProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3" data-testid="param-examples">
      {examples.map((example, index) => (
        <div key={index} className="grid gap-2 rounded-xl bg-neutral-50 p-2.5 sm:grid-cols-2 dark:bg-neutral-900/60">
          {(['input', 'output'] as const).map((side) => (
            <div key={side} className="space-y-1">
              <label htmlFor={`example-${side}-${index}`} className="text-xs font-medium text-neutral-500 dark:text-neutral-400">
                {t(`params.example_${side}`, { n: index + 1 })}
              </label>
              <TextParameter
                id={`example-${side}-${index}`}
                name={`example-${side}-${index}`}
                multiline
                value={example[side].content}
                placeholder={t(`params.example_${side}_placeholder`)}
                onChange={(content) => onChange(setExample(examples, index, side, content))}
              />
            </div>
          ))}
        </div>
      ))}
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" className="h-8" onClick={() => onChange(removeExample(examples))} data-testid="example-remove">
          <Minus aria-hidden className="size-4" />
          {t('params.example_remove')}
        </Button>
        <Button variant="secondary" size="sm" className="h-8" onClick={() => onChange(addExample(examples))} data-testid="example-add">
          <Plus aria-hidden className="size-4" />
          {t('params.example_add')}
        </Button>
      </div>
    </div>
  );
}
