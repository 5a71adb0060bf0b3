import { Gauge, Megaphone, ShoppingCart, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { AccessKeyForm } from './access-key-form.tsx';
import { useAccessDialogs } from './access-dialogs-store.ts';
import { KeyLinks } from './key-links.tsx';
import { useAccess } from '../../state/use-access.ts';
import { markWelcomeSeen, welcomeSeen } from './welcome-seen.ts';

/**
 * SPEC points 1 and 5: on a first visit without a key, invites the visitor to enter their own;
 * the service is free but rate-limited until they do. Closing it means chatting for free.
 */
export function WelcomeModal() {
  const { t } = useTranslation();
  const access = useAccess();
  const config = useStartupConfig().data;
  const appTitle = config?.appTitle || t('app.default_title');
  const [open, setOpen] = useState(() => !welcomeSeen());
  const close = () => {
    markWelcomeSeen();
    setOpen(false);
  };
  const showAccessDialog = useAccessDialogs((s) => s.show);
  // Buying or renewing a key opens its own dialog: this one gives way.
  const otherDialog = useAccessDialogs((s) => s.open !== null);
  useEffect(() => {
    if (otherDialog) close();
  }, [otherDialog]);
  if (!access.freeVisitor) return null;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent title={t('access.welcome.title', { appTitle })} closeLabel={t('common.close')} className="max-w-md" data-testid="welcome-modal">
        <div className="space-y-5 px-6 py-5">
          {config?.announcement ? (
            <div className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm leading-relaxed text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100" data-testid="welcome-announcement">
              <Megaphone aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" />
              <p className="whitespace-pre-line">{config.announcement}</p>
            </div>
          ) : null}
          <div className="flex items-start gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm leading-relaxed text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100">
            <Gauge aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
            <p data-testid="welcome-free-note">{t('access.welcome.free', { calls: config?.freeCallsPerDay ?? 0 })}</p>
          </div>
          <p className="flex items-start gap-3 text-sm leading-relaxed text-neutral-600 dark:text-neutral-300">
            <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-500" />
            {t('access.welcome.invite')}
          </p>
          {config?.paymentsEnabled ? (
            <Button variant="primary" className="w-full" onClick={() => showAccessDialog('buy')} data-testid="welcome-buy-key">
              <ShoppingCart aria-hidden className="size-4" />
              {t('buy.action')}
            </Button>
          ) : null}
          <AccessKeyForm
            autoFocus
            onSaved={close}
            secondary={
              <Button variant="secondary" onClick={close} data-testid="welcome-continue-free">
                {t('access.welcome.continue_free')}
              </Button>
            }
          />
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-700">
            <KeyLinks />
            {access.mode === 'both' ? (
              <Link to="/login" onClick={markWelcomeSeen} className="text-sm text-neutral-600 underline-offset-4 hover:underline dark:text-neutral-300" data-testid="welcome-sign-in">
                {t('access.welcome.sign_in')}
              </Link>
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
