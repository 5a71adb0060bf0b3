import { useTranslation } from 'react-i18next';

/** Number, money (fen shown as ¥) and share formats in the reader's language. */
export function useOverviewFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const whole = new Intl.NumberFormat(language);
  const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
  const yuan = new Intl.NumberFormat(language, { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol' });
  const share = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const day = new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  return {
    whole: (n: number) => whole.format(n),
    compact: (n: number) => compact.format(n),
    /** Fen (integers) to yuan, formatted only at the end so no float sum is ever made. */
    money: (fen: number) => yuan.format(fen / 100),
    share: (part: number, of: number) => share.format(of === 0 ? 0 : part / of),
    /** `YYYY-MM-DD` as a short day label. */
    day: (text: string) => day.format(new Date(`${text}T00:00:00Z`)),
  };
}
