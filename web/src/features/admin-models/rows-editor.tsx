import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';

export type Row = string[];

/** A small table of text cells the operator edits in place: a row per model or pack, added and removed. */
export function RowsEditor({ columns, rows, onChange, testId }: { columns: string[]; rows: Row[]; onChange(rows: Row[]): void; testId: string }) {
  const { t } = useTranslation();
  const setCell = (r: number, c: number, value: string) => onChange(rows.map((row, i) => (i === r ? row.map((cell, j) => (j === c ? value : cell)) : row)));
  return (
    <div className="space-y-2" data-testid={testId}>
      {rows.map((row, r) => (
        <div key={r} className="flex items-center gap-2">
          <div className="grid min-w-0 flex-1 gap-2" style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}>
            {row.map((cell, c) => (
              <Input key={c} value={cell} onChange={(e) => setCell(r, c, e.target.value)} placeholder={columns[c]} aria-label={columns[c]} className="h-10" maxLength={200} data-testid={`${testId}-${r}-${c}`} />
            ))}
          </div>
          <Button variant="ghost" size="sm" aria-label={t('admin-models:remove_row')} onClick={() => onChange(rows.filter((_, i) => i !== r))}>
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" onClick={() => onChange([...rows, columns.map(() => '')])} data-testid={`${testId}-add`}>
        <Plus aria-hidden className="size-4" />
        {t('admin-models:add_row')}
      </Button>
    </div>
  );
}
