import { useTranslation } from 'react-i18next';
import { Select } from '../../components/ui/select.tsx';
import { setLanguageSetting } from '../../locales/i18n.ts';
import { storedLanguageSetting } from '../../locales/locale-chunks.ts';
import { languages, type LanguageSetting } from '../../locales/languages.ts';
import { useState } from 'react';
import { SettingsRow } from './settings-row.tsx';
import { settingsSaved } from './settings-saved.ts';
import { SwitchRow } from './switch-row.tsx';
import { useChatFlag } from './use-chat-flag.ts';
import { themes, useThemeStore, type Theme } from './theme.ts';

export function GeneralTab() {
  const { t } = useTranslation();
  const theme = useThemeStore((s) => s.theme);
  const setTheme = useThemeStore((s) => s.setTheme);
  const [language, setLanguage] = useState<LanguageSetting>(storedLanguageSetting);
  const [autoScroll, setAutoScroll] = useChatFlag('autoScroll');
  const [enterToNewline, setEnterToNewline] = useChatFlag('enterToNewline');

  const themeOptions = themes.map((value) => ({ value, label: t(`settings.theme.${value}`) }));
  const languageOptions = [
    { value: 'auto', label: t('settings.language.auto') },
    ...languages.map((l) => ({ value: l.code, label: l.name })),
  ];

  return (
    <div className="px-1">
      <SettingsRow label={t('settings.theme.label')} htmlFor="settings-theme">
        <Select
          id="settings-theme"
          data-testid="settings-theme"
          value={theme}
          options={themeOptions}
          onValueChange={(value) => {
            setTheme(value as Theme);
            settingsSaved();
          }}
        />
      </SettingsRow>
      <SettingsRow label={t('settings.language.label')} htmlFor="settings-language">
        <Select
          id="settings-language"
          data-testid="settings-language"
          value={language}
          options={languageOptions}
          onValueChange={(value) => {
            setLanguage(value as LanguageSetting);
            void setLanguageSetting(value as LanguageSetting).then(settingsSaved);
          }}
        />
      </SettingsRow>
      <SwitchRow
        id="settings-auto-scroll"
        data-testid="settings-auto-scroll"
        label={t('settings.auto_scroll')}
        hint={t('settings.auto_scroll_hint')}
        checked={autoScroll}
        onCheckedChange={setAutoScroll}
      />
      <SwitchRow
        id="settings-enter-newline"
        data-testid="settings-enter-newline"
        label={t('settings.enter_newline')}
        hint={t('settings.enter_newline_hint')}
        checked={enterToNewline}
        onCheckedChange={setEnterToNewline}
      />
    </div>
  );
}
