import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchEnabled } from './use-search-enabled.ts';
import { useSearchInput } from './use-search-input.ts';

function SearchField() {
  const { t } = useTranslation();
  const input = useSearchInput();
  return (
    <div className="px-3 pb-2" role="search">
      <div className="relative">
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-neutral-400" />
      <input
        type="search"
        value={input.text}
        onChange={(event) => input.onChange(event.target.value)}
        onKeyDown={(event) => {
          // Enter closes the phone drawer, which hands focus back to its toggle; the key's own
          // default (the keypress that follows) would then click that toggle and reopen it.
          if (event.key === 'Enter') event.preventDefault();
          input.onKeyDown(event.key);
        }}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        data-testid="search-input"
        enterKeyHint="search"
        className="h-9 w-full rounded-lg border border-neutral-200 bg-white pl-9 pr-8 text-sm text-neutral-900 placeholder:text-neutral-500 focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-500/25 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-400 dark:focus:border-emerald-500 [&::-webkit-search-cancel-button]:hidden"
      />
      {input.text ? (
        <button
          type="button"
          onClick={input.clear}
          aria-label={t('search.clear')}
          data-testid="search-clear"
          className="absolute right-1.5 top-1/2 inline-flex size-6 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700 dark:hover:bg-neutral-800 dark:hover:text-neutral-200"
        >
          <X aria-hidden className="size-3.5" />
        </button>
      ) : null}
      </div>
    </div>
  );
}

/** The sidebar's search box, shown only when the server has search enabled (`GET /api/search/enable`). */
export function SearchBox() {
  return useSearchEnabled() ? <SearchField /> : null;
}
