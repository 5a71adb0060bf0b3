import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { useStartupConfig } from '../api/use-startup-config.ts';
import { FullPageSpinner } from '../components/ui/full-page-spinner.tsx';
import { useAdminSession, useForgetAdminSession } from '../features/admin-access/admin-session.ts';
import { OperatorSignIn } from '../features/admin-access/operator-sign-in.tsx';

/** The console's code is a chunk of its own, fetched only once the server has said this browser is an admin's. */
const AdminConsole = lazy(() => import('./admin.tsx').then((module) => ({ default: module.AdminConsole })));

/**
 * `/admin`: asks the server who the console is open for before loading any of it. An admin
 * account or the signed-in operator gets the console; someone signed in as anyone else goes
 * back to the chat; nobody signed in goes to the login page, or where there are no accounts
 * (`keys`, and `both` for an operator without one) to the operator's password.
 */
export function AdminGate() {
  const { t } = useTranslation();
  const config = useStartupConfig();
  const session = useAdminSession();
  const forget = useForgetAdminSession();

  if (session.data) return <AdminConsole actor={session.data.actor} />;
  if (config.isPending || session.isPending) return <FullPageSpinner label={t('common.loading')} />;
  const status = isApiError(session.error) ? session.error.status : 0;
  const accessMode = config.data?.accessMode ?? 'accounts';
  if (status === 401 && accessMode === 'accounts') return <Navigate to="/login" replace />;
  if (status === 401) return <OperatorSignIn onSignedIn={forget} accountsLink={accessMode === 'both'} />;
  return <Navigate to="/chat/new" replace />;
}
