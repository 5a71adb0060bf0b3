import type { AdminChannel } from '@parley/core';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../locales/format-date.ts';

const tones = {
  enabled: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  disabled: 'bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300',
  'auto-disabled': 'bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300',
} as const;

/** A channel's state, with why Parley stopped it and when a cooldown ends. */
export function ChannelState({ channel }: { channel: AdminChannel }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  return (
    <span className="inline-flex flex-col items-end gap-0.5 md:items-start" data-testid="channel-state">
      <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${tones[channel.state]}`}>{t(`admin:channels.states.${channel.state}`)}</span>
      {channel.reason ? (
        <span className="max-w-72 text-xs text-red-700 dark:text-red-300" data-testid="channel-reason">
          {t('admin:channels.stopped_because', { reason: channel.reason })}
        </span>
      ) : null}
      {channel.cooldownUntil ? <span className="text-xs text-amber-700 dark:text-amber-300">{t('admin:channels.cooling_until', { date: formatDate(channel.cooldownUntil) })}</span> : null}
    </span>
  );
}
