import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A spinning icon with a visible text, announced politely to screen readers. */
export function Spinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center justify-center gap-2', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-muted-foreground" />
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  );
}
