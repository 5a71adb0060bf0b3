import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../components/ui/full-page-spinner.tsx';
import { AuthLayout } from '../features/auth/auth-layout.tsx';
import { AccountsGate, GuestOnly, RegistrationGate, RequireAuth } from '../features/auth/guards.tsx';

/** Each screen is its own chunk; the first paint only loads the shell and the screen asked for. */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const LoginRoute = screen(() => import('../routes/login.tsx'), 'LoginRoute');
const RegisterRoute = screen(() => import('../routes/register.tsx'), 'RegisterRoute');
const ForgotPasswordRoute = screen(() => import('../routes/forgot-password.tsx'), 'ForgotPasswordRoute');
const ResetPasswordRoute = screen(() => import('../routes/reset-password.tsx'), 'ResetPasswordRoute');
const ChatLayout = screen(() => import('./chat-layout.tsx'), 'ChatLayout');
const ChatRoute = screen(() => import('../routes/chat.tsx'), 'ChatRoute');
const SearchRoute = screen(() => import('../routes/search.tsx'), 'SearchRoute');

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
        ],
      },
      { path: '*', element: <Navigate to="/chat/new" replace /> },
    ],
  },
]);
