import i18next from 'i18next';
import { showToast } from '../../components/ui/toast-store.ts';

/** Feedback once a setting is stored (it applies at once), in the language in force after the change. */
export function settingsSaved(): void {
  showToast(i18next.t('settings.saved'), 'success');
}
