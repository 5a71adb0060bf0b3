import i18next, { type TFunction } from 'i18next';
import { limits } from '@parley/core';
import { isApiError } from '../api/api-error.ts';

/**
 * The one place where API error codes become localized text (DESIGN conventions, point 5).
 * A code with an `errors.<code>` entry shows that text; any other server answer shows the
 * server's own message; anything else (network, bugs) reads as the internal-error text.
 */
export function errorText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('errors.internal');
  if (error.code === 'network') return t('errors.network');
  const key = `errors.${error.code}`;
  if (i18next.exists(key)) return t(key, { ...error.data });
  return error.status >= 500 || !error.message ? t('errors.internal') : error.message;
}

/** Interpolation values for the `validation.*` keys of core's schemas ({{min}}, {{max}}). */
export function validationText(t: TFunction, key: string): string {
  const field = key.split('.')[1] as keyof typeof limits | undefined;
  const bounds = field && field in limits ? limits[field] : undefined;
  return t(key, { min: bounds?.min, max: bounds?.max });
}
