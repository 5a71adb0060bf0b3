import { timings } from '@parley/core';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../api/use-startup-config.ts';
import { FullPageSpinner } from '../../components/ui/full-page-spinner.tsx';
import { canEnterChat } from './access.ts';
import { useAuthStore } from '../../state/auth-store.ts';

/** Chat and search: visitors who may not enter go to /login after 300 ms (SPEC point 4). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const status = useAuthStore((s) => s.status);
  const config = useStartupConfig();
  const navigate = useNavigate();
  const accessMode = config.data?.accessMode ?? 'accounts';
  const allowed = canEnterChat(status, accessMode);
  const decided = status !== 'restoring' && !config.isPending;

  useEffect(() => {
    if (!decided || allowed) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), timings.unauthenticatedRedirect);
    return () => window.clearTimeout(timer);
  }, [decided, allowed, navigate]);

  if (!allowed) return <FullPageSpinner label={t('common.loading')} />;
  return children;
}

/** Login: once authenticated (form, restored cookie or social callback) go to the chat. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  if (status === 'authenticated') return <Navigate to="/chat/new" replace />;
  return children;
}

/**
 * Sign-in and password reset exist only where accounts do: in `ACCESS_MODE=keys` the server
 * refuses them, so a visitor goes to the chat (and its key dialog) instead of a form that errors.
 */
export function AccountsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const config = useStartupConfig();
  if (config.isPending) return <FullPageSpinner label={t('common.loading')} />;
  if (config.data && !config.data.loginEnabled) return <Navigate to="/chat/new" replace />;
  return children;
}

/** Registration exists only while the server allows it (SPEC point 6), and never without accounts. */
export function RegistrationGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const config = useStartupConfig();
  if (config.isPending) return <FullPageSpinner label={t('common.loading')} />;
  if (config.data && !config.data.registrationEnabled) return <Navigate to={config.data.loginEnabled ? '/login' : '/chat/new'} replace />;
  return <GuestOnly>{children}</GuestOnly>;
}
