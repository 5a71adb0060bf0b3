import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC (defaults): dates show year, month, day, hour and minute, in Chinese as 2026/11/23 22:05.
 * Every other language gets the same fields in its own order, separators and clock
 * (23.11.2026, 22:05 in German; 11/23/2026, 10:05 PM in English).
 */
export function dateTimeFormat(language: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

/** The interface language's date-and-time formatter, rebuilt only when the language changes. */
export function useFormatDateTime(): (date: Date | string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = dateTimeFormat(i18n.language);
    return (date) => format.format(typeof date === 'string' ? new Date(date) : date);
  }, [i18n.language]);
}
