import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../components/ui/full-page-spinner.tsx';
import { AuthLayout } from '../features/auth/auth-layout.tsx';
import { AccountsGate, GuestOnly, RegistrationGate, RequireAuth } from '../features/auth/guards.tsx';
import { AdminGate } from '../routes/admin-gate.tsx';
import { ChatRoute } from '../routes/chat.tsx';
import { ChatLayout } from './chat-layout.tsx';

/**
 * Screens other than the chat are chunks of their own. The chat's layout and screen are part of
 * the first load: lazy, each would be asked for only once the one before it had rendered, and
 * a page opened on a conversation waited for two waves of small chunks before its data.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const LoginRoute = screen(() => import('../routes/login.tsx'), 'LoginRoute');
const RegisterRoute = screen(() => import('../routes/register.tsx'), 'RegisterRoute');
const ForgotPasswordRoute = screen(() => import('../routes/forgot-password.tsx'), 'ForgotPasswordRoute');
const ResetPasswordRoute = screen(() => import('../routes/reset-password.tsx'), 'ResetPasswordRoute');
const SearchRoute = screen(() => import('../routes/search.tsx'), 'SearchRoute');
const SharedConversationPage = screen(() => import('../routes/shared.tsx'), 'SharedConversationPage');
const OrderRoute = screen(() => import('../routes/order.tsx'), 'OrderRoute');
const UsageRoute = screen(() => import('../routes/usage.tsx'), 'UsageRoute');

function Loading({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<FullPageSpinner label={t('common.loading')} />}>{children}</Suspense>;
}

export const router = createBrowserRouter([
  {
    element: (
      <Loading>
        <Outlet />
      </Loading>
    ),
    children: [
      { index: true, element: <Navigate to="/chat/new" replace /> },
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <AccountsGate><GuestOnly><LoginRoute /></GuestOnly></AccountsGate> },
          { path: 'register', element: <RegistrationGate><RegisterRoute /></RegistrationGate> },
          { path: 'forgot-password', element: <AccountsGate><ForgotPasswordRoute /></AccountsGate> },
          { path: 'reset-password', element: <AccountsGate><ResetPasswordRoute /></AccountsGate> },
        ],
      },
      {
        element: <RequireAuth><ChatLayout /></RequireAuth>,
        children: [
          { path: 'chat/:conversationId?', element: <ChatRoute /> },
          { path: 'search/:query?', element: <SearchRoute /> },
          { path: 'usage', element: <UsageRoute /> },
        ],
      },
      // The operator console: its gate is small; the console itself is a lazy chunk behind it.
      { path: 'admin/*', element: <AdminGate /> },
      // A shared conversation is read without signing in, in any access mode.
      { path: 'share/:token', element: <SharedConversationPage /> },
      // The payment gateway's return: shown to the browser that placed the order, signed in or not.
      { path: 'order/:orderId', element: <OrderRoute /> },
      { path: '*', element: <Navigate to="/chat/new" replace /> },
    ],
  },
]);
