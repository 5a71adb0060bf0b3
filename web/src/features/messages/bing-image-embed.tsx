import { useTranslation } from 'react-i18next';
import { checkedBingEmbed } from './bing-embed.ts';

/**
 * A Sydney picture: Bing's image creator framed, only when the embed passes the check; any other
 * HTML is shown as text, never rendered.
 */
export function BingImageEmbed({ html }: { html: string }) {
  const { t } = useTranslation();
  const src = checkedBingEmbed(html);
  if (!src) {
    return (
      <pre data-testid="bing-embed-refused" className="mt-3 overflow-x-auto whitespace-pre-wrap rounded-lg bg-neutral-100 p-2 text-xs text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
        {html}
      </pre>
    );
  }
  return (
    <iframe
      role="presentation"
      src={src}
      title={t('chat.message.bing_image')}
      data-testid="bing-image-embed"
      sandbox="allow-scripts allow-same-origin allow-popups"
      referrerPolicy="no-referrer"
      loading="lazy"
      className="mt-3 h-[26rem] w-full max-w-xl rounded-xl border border-neutral-200 bg-white dark:border-neutral-700"
    />
  );
}
