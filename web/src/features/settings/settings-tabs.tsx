import { Archive, Database, KeySquare, Link2, Settings2, UserRound, type LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { AccountTab } from '../account/account-tab.tsx';
import { ApiTokensTab } from '../api-tokens/api-tokens-tab.tsx';
import { SharedLinksTab } from '../share/shared-links-tab.tsx';
import { ArchivedTab } from './archived-tab.tsx';
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
  { id: 'account', labelKey: 'settings.tabs.account', icon: UserRound, Panel: AccountTab, accountsOnly: true },
  { id: 'data', labelKey: 'settings.tabs.data', icon: Database, Panel: DataTab },
  { id: 'archived', labelKey: 'settings.tabs.archived', icon: Archive, Panel: ArchivedTab },
  { id: 'shared', labelKey: 'settings.tabs.shared', icon: Link2, Panel: SharedLinksTab },
  { id: 'tokens', labelKey: 'settings.tabs.tokens', icon: KeySquare, Panel: ApiTokensTab, accountsOnly: true },
];
