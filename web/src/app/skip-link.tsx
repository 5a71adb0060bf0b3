import { useTranslation } from 'react-i18next';
import { MESSAGE_INPUT_ID } from '../features/chat/chat-input.tsx';

/** The first stop of Tab on every signed-in screen: hidden until focused, it leads straight to the message box (or the screen's content). */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MESSAGE_INPUT_ID}`}
      data-testid="skip-link"
      onClick={(event) => {
        event.preventDefault();
        const target = document.getElementById(MESSAGE_INPUT_ID) ?? document.querySelector('main');
        target?.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-neutral-900 focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-emerald-500 dark:focus:bg-neutral-800 dark:focus:text-neutral-100"
    >
      {t('nav.skip_to_input')}
    </a>
  );
}
