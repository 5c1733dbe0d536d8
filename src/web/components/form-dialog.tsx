import { type ReactNode, useRef } from 'react';
import { Button } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  /** The form; give it a key per edited item so it starts from that item's values. */
  children: ReactNode;
}

/** The add/edit dialog of a screen: a titled modal around one form. */
export function FormDialog({ open, onOpenChange, title, description, className, children }: FormDialogProps) {
  // Opened from state (not a Dialog.Trigger), Radix does not know where to return focus: remember the
  // element focused when the dialog opens (read during the render that opens it) and go back there.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={className}
        onCloseAutoFocus={(event) => {
          const target = opener.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

interface FormDialogFooterProps {
  onCancel: () => void;
  /** While true both buttons are disabled and the submit button says `busyLabel`. */
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
}

/** Cancel and submit buttons at the bottom of a dialog's form. */
export function FormDialogFooter({
  onCancel,
  busy,
  submitLabel,
  busyLabel = 'Saving...',
}: FormDialogFooterProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
