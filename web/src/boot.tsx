import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { restoreSession } from './features/auth/session-actions.ts';
import { startTheme } from './features/settings/theme.ts';
import { initI18n } from './locales/i18n.ts';
import './styles/index.css';

startTheme();
// The refresh cookie is tried while the locale loads; guards wait for the answer.
void restoreSession();
await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
