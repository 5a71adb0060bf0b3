import { Spinner } from './spinner.tsx';

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex h-full min-h-dvh w-full items-center justify-center">
      <Spinner label={label} className="size-7" />
    </div>
  );
}
