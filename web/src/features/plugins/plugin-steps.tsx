import type { PluginInfo } from '@parley/core';
import { ChevronRight, LoaderCircle, Wrench } from 'lucide-react';
import { toolDisplayName, usePluginTranslation } from './plugin-text.ts';

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function Code({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="mt-2">
      <div className="mb-1 text-xs font-medium uppercase tracking-wide text-neutral-500 dark:text-neutral-400">{label}</div>
      <pre className="max-h-[450px] overflow-auto whitespace-pre-wrap break-words rounded-lg bg-neutral-900 px-3 py-2 text-xs text-neutral-100">{show(value)}</pre>
    </div>
  );
}

/**
 * The plugin agent's steps above a reply, each a collapsible block with its inputs and outputs
 * (SPEC point 9: ≤ 450 px code); a tool still running is a live line ("Running Calculator…").
 */
export function PluginSteps({ plugins }: { plugins: unknown }) {
  const { t } = usePluginTranslation();
  if (!Array.isArray(plugins) || plugins.length === 0) return null;
  return (
    <div className="mb-3 space-y-2" data-testid="plugin-steps">
      {(plugins as PluginInfo[]).map((step, index) => (
        <details key={index} className="group rounded-xl border border-neutral-200 bg-neutral-50 text-sm dark:border-neutral-700 dark:bg-neutral-800/60" data-testid="plugin-step">
          <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-neutral-700 dark:text-neutral-200">
            <ChevronRight aria-hidden className="size-4 shrink-0 transition-transform group-open:rotate-90" />
            {step.loading ? <LoaderCircle aria-hidden className="size-4 animate-spin text-emerald-600" /> : <Wrench aria-hidden className="size-4 text-emerald-600 dark:text-emerald-400" />}
            <span className="min-w-0 truncate" role={step.loading ? 'status' : undefined} data-testid="plugin-step-line">
              {t(step.loading ? 'plugins.step_running' : 'plugins.step_used', { name: toolDisplayName(t, step.latest ?? '') })}
            </span>
          </summary>
          <div className="border-t border-neutral-200 px-3 pb-3 dark:border-neutral-700">
            <Code label={t('plugins.inputs')} value={step.inputs?.length === 1 ? step.inputs[0] : step.inputs} />
            {step.loading ? null : <Code label={t('plugins.outputs')} value={step.outputs} />}
          </div>
        </details>
      ))}
    </div>
  );
}
