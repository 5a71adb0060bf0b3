import { lazy, Suspense } from 'react';
import { useExportDialog } from '../../state/export-store.ts';

const ExportDialog = lazy(() => import('./export-dialog.tsx').then((m) => ({ default: m.ExportDialog })));

/** Mounted by the chat layout; the dialog and its exporters are fetched the first time it opens. */
export function ExportDialogHost() {
  const conversation = useExportDialog((s) => s.conversation);
  const closeExport = useExportDialog((s) => s.closeExport);
  if (!conversation) return null;
  return (
    <Suspense fallback={null}>
      <ExportDialog key={conversation.conversationId} conversation={conversation} onClose={closeExport} />
    </Suspense>
  );
}
