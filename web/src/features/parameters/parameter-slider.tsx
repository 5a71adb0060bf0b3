import * as SliderPrimitive from '@radix-ui/react-slider';
import { useEffect, useState } from 'react';
import { cn } from '../../components/ui/cn.ts';
import { fitToSlider, type SliderDefinition } from './parameters.ts';

export interface ParameterSliderProps {
  id: string;
  definition: SliderDefinition;
  value: number;
  label: string;
  disabled?: boolean;
  /** The id of the text that explains the setting (or why it is disabled). */
  describedBy?: string;
  onChange(value: number): void;
}

const decimalsOf = (step: number) => (String(step).split('.')[1] ?? '').length;

/**
 * A slider with a number box beside it (SPEC point 9 ranges and steps). The box accepts any
 * typing; a number is applied as soon as it parses, fitted to the range and step on blur.
 */
export function ParameterSlider({ id, definition, value, label, disabled, describedBy, onChange }: ParameterSliderProps) {
  const shown = value.toFixed(decimalsOf(definition.step));
  const [draft, setDraft] = useState(shown);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setDraft(shown);
  }, [shown, editing]);

  const commit = (text: string) => {
    const parsed = Number(text);
    if (text.trim() !== '' && Number.isFinite(parsed)) onChange(fitToSlider(definition, parsed));
  };

  return (
    <div className="flex items-center gap-3">
      <SliderPrimitive.Root
        className="relative flex h-5 flex-1 touch-none select-none items-center data-[disabled]:opacity-50"
        min={definition.min}
        max={definition.max}
        step={definition.step}
        value={[value]}
        disabled={disabled}
        onValueChange={([next]) => next !== undefined && onChange(fitToSlider(definition, next))}
        data-testid={`param-${definition.key}-slider`}
        aria-label={label}
      >
        <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700">
          <SliderPrimitive.Range className="absolute h-full rounded-full bg-emerald-500" />
        </SliderPrimitive.Track>
        <SliderPrimitive.Thumb
          className={cn(
            'block size-4 cursor-grab rounded-full border-2 border-emerald-500 bg-white shadow transition-transform active:cursor-grabbing',
            'hover:scale-110 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-emerald-500/25 dark:bg-neutral-900',
          )}
        />
      </SliderPrimitive.Root>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={definition.min}
        max={definition.max}
        step={definition.step}
        value={draft}
        disabled={disabled}
        aria-describedby={describedBy}
        data-testid={`param-${definition.key}`}
        onFocus={() => setEditing(true)}
        onChange={(event) => {
          setDraft(event.target.value);
          commit(event.target.value);
        }}
        onBlur={() => {
          setEditing(false);
          setDraft(shown);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
        }}
        className={cn(
          'h-8 w-[4.5rem] shrink-0 rounded-lg border border-neutral-300 bg-white px-2 text-right text-sm tabular-nums text-neutral-900',
          'focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-500/25 disabled:opacity-50',
          'dark:border-neutral-600 dark:bg-neutral-900 dark:text-neutral-100',
        )}
      />
    </div>
  );
}
