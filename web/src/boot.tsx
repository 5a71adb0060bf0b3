import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { useAuthStore } from './state/auth-store.ts';
import { restoreSession } from './features/auth/session-actions.ts';
import { prefetchOpenedConversation } from './features/chat/opened-conversation.ts';
import { startTheme } from './features/settings/theme.ts';
import { initI18n } from './locales/i18n.ts';
import './styles/index.css';

startTheme();
// The refresh cookie is tried while the locale loads; guards wait for the answer. A page opened
// on a conversation fetches it as soon as the session is back.
void restoreSession().then(() => {
  if (useAuthStore.getState().status === 'authenticated') prefetchOpenedConversation(location.pathname);
});
await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
