import { AlertTriangle, Lightbulb, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { AppLogo } from '../../components/ui/app-logo.tsx';
import { useDraftStore } from './draft-store.ts';

const examples = ['chat.landing.example_1', 'chat.landing.example_2', 'chat.landing.example_3'] as const;
const capabilities = ['chat.landing.capability_1', 'chat.landing.capability_2', 'chat.landing.capability_3'] as const;
const limitations = ['chat.landing.limitation_1', 'chat.landing.limitation_2', 'chat.landing.limitation_3'] as const;

function Column({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2.5">
      <h2 className="flex items-center justify-center gap-2 text-sm font-semibold text-neutral-800 dark:text-neutral-100">
        {icon}
        {title}
      </h2>
      <ul className="flex flex-col gap-2">{children}</ul>
    </section>
  );
}

const card = 'rounded-xl bg-neutral-100 px-3.5 py-3 text-left text-sm leading-snug text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300';

/** The empty chat: app title, three example prompts, what the models can and cannot do (SPEC point 1). */
export function Landing() {
  const { t } = useTranslation();
  const config = useStartupConfig().data;
  const fill = useDraftStore((s) => s.fill);
  return (
    <div className="h-full overflow-y-auto" data-testid="landing">
      <div className="mx-auto flex min-h-full max-w-3xl flex-col items-center justify-center gap-8 px-4 py-8 sm:px-6">
        <div className="flex flex-col items-center gap-4 text-center">
          <AppLogo className="size-12" />
          <h1 className="text-3xl font-semibold tracking-tight text-neutral-900 dark:text-neutral-50">
            {config?.appTitle || t('app.default_title')}
          </h1>
          <p className="text-base text-neutral-500 dark:text-neutral-400">{t('chat.landing.subtitle')}</p>
        </div>
        <div className="grid w-full gap-6 md:grid-cols-3 md:gap-4">
          <Column icon={<Lightbulb aria-hidden className="size-4 text-amber-500" />} title={t('chat.landing.examples')}>
            {examples.map((key) => (
              <li key={key}>
                <button
                  type="button"
                  data-testid="example-prompt"
                  onClick={() => fill(t(key))}
                  className={`${card} w-full cursor-pointer transition-colors hover:bg-neutral-200 dark:hover:bg-neutral-700`}
                >
                  {t('chat.landing.example_quoted', { text: t(key) })}
                </button>
              </li>
            ))}
          </Column>
          <Column icon={<Zap aria-hidden className="size-4 text-emerald-500" />} title={t('chat.landing.capabilities')}>
            {capabilities.map((key) => (
              <li key={key} className={card}>
                {t(key)}
              </li>
            ))}
          </Column>
          <Column icon={<AlertTriangle aria-hidden className="size-4 text-rose-500" />} title={t('chat.landing.limitations')}>
            {limitations.map((key) => (
              <li key={key} className={card}>
                {t(key)}
              </li>
            ))}
          </Column>
        </div>
      </div>
    </div>
  );
}
