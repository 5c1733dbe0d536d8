import { RotateCwIcon } from 'lucide-react';
import { Button } from './ui/button';

/**
 * A failed load: the screen's error text and a Retry button. Shown from the first failed attempt; the
 * background retries go on, and a success replaces it with the data.
 */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <p role="alert" className="text-destructive">
        {text}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCwIcon aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}
