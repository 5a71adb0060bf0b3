import { Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const hasFiles = (event: DragEvent) => [...(event.dataTransfer?.types ?? [])].includes('Files');

/** The file-drop overlay (SPEC point 2): shown while files are dragged over the window; a drop attaches them. */
export function FileDropOverlay({ onFiles, disabled }: { onFiles(files: File[]): void; disabled: boolean }) {
  const { t } = useTranslation();
  const [depth, setDepth] = useState(0);
  useEffect(() => {
    if (disabled) return;
    const enter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDepth((d) => d + 1);
    };
    const leave = (event: DragEvent) => {
      if (hasFiles(event)) setDepth((d) => Math.max(0, d - 1));
    };
    const over = (event: DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDepth(0);
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length > 0) onFiles(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [onFiles, disabled]);
  if (depth === 0 || disabled) return null;
  return (
    <div data-testid="file-drop-overlay" className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-emerald-900/30 backdrop-blur-[2px]">
      <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-white/80 bg-neutral-900/70 px-10 py-8 text-white">
        <Upload aria-hidden className="size-8" />
        <p className="text-base font-medium">{t('files.drop')}</p>
      </div>
    </div>
  );
}
