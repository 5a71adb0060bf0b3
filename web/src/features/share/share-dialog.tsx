import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, Link2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useCopy } from '../../components/use-copy.ts';
import { conversationTitle } from '../../state/display-title.ts';
import { shareApi, shareLinksQueryKey, shareUrl } from './share-api.ts';
import { useShareDialog } from './share-dialog-store.ts';

/**
 * Shares a conversation read-only: the link is made when the dialog opens (the branch shown by
 * default, as the server reads it), shown with a copy button, and listed in settings to revoke.
 */
export function ShareDialog() {
  const { t } = useTranslation();
  const conversation = useShareDialog((s) => s.conversation);
  const close = useShareDialog((s) => s.closeShare);
  const queryClient = useQueryClient();
  const { copied, copy } = useCopy();
  const create = useMutation({
    mutationFn: shareApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinksQueryKey }),
  });
  const { mutate, reset } = create;
  useEffect(() => {
    if (!conversation) return reset();
    mutate({ conversationId: conversation.conversationId });
  }, [conversation, mutate, reset]);
  const url = create.data ? shareUrl(create.data.token) : '';

  return (
    <Dialog open={conversation !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent title={t('share.title')} closeLabel={t('common.close')} className="max-w-lg" data-testid="share-dialog">
        <div className="space-y-4 px-6 pb-6 pt-4">
          <p className="text-sm leading-relaxed text-neutral-600 dark:text-neutral-300">
            {t('share.body', { title: conversation ? conversationTitle(conversation.title, t) : '' })}
          </p>
          {create.isError ? <Banner data-testid="share-failed">{t('share.failed')}</Banner> : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <label className="sr-only" htmlFor="share-url">
              {t('share.link')}
            </label>
            <Input id="share-url" readOnly value={create.isPending ? t('share.creating') : url} onFocus={(e) => e.currentTarget.select()} data-testid="share-url" className="font-mono text-xs" />
            <Button onClick={() => copy(url)} disabled={!url} data-testid="share-copy">
              {copied ? <Link2 aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
              {copied ? t('share.copied') : t('share.copy')}
            </Button>
          </div>
          <p className="text-xs leading-relaxed text-neutral-500 dark:text-neutral-400">{t('share.note')}</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
