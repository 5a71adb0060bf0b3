import { Database, KeySquare, Settings2, type LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { ApiTokensTab } from '../api-tokens/api-tokens-tab.tsx';
import { DataTab } from './data-tab.tsx';
import { GeneralTab } from './general-tab.tsx';

export interface SettingsTab {
  id: string;
  /** i18n key of the tab's name. */
  labelKey: string;
  icon: LucideIcon;
  Panel: ComponentType;
  /** Shown only to a signed-in account (API tokens belong to accounts). */
  accountsOnly?: boolean;
}

/** The settings dialog's tabs in order; a feature adds its panel here (the Data tab, for one). */
export const settingsTabs: SettingsTab[] = [
  { id: 'general', labelKey: 'settings.tabs.general', icon: Settings2, Panel: GeneralTab },
  { id: 'data', labelKey: 'settings.tabs.data', icon: Database, Panel: DataTab },
  { id: 'tokens', labelKey: 'settings.tabs.tokens', icon: KeySquare, Panel: ApiTokensTab, accountsOnly: true },
];
