import { PencilIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { WithTooltip } from './ui/tooltip';

interface EditDeleteButtonsProps {
  /** What the buttons act on, for their labels ("Edit <name>", "Delete <name>"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Further actions shown before Edit, e.g. a View link. */
  children?: ReactNode;
}

/** The Edit and Delete icon buttons, with tooltips, of a card or a table row. */
export function EditDeleteButtons({ name, onEdit, onDelete, children }: EditDeleteButtonsProps) {
  return (
    <div className="flex gap-1">
      {children}
      <WithTooltip label="Edit">
        <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={onEdit}>
          <PencilIcon aria-hidden="true" />
        </Button>
      </WithTooltip>
      <DeleteIconButton name={name} onDelete={onDelete} />
    </div>
  );
}

/** The Delete icon button, with its tooltip, of a card or a table row. */
export function DeleteIconButton({ name, onDelete }: { name: string; onDelete: () => void }) {
  return (
    <WithTooltip label="Delete">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${name}`}
        className="text-destructive hover:text-destructive"
        onClick={onDelete}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </WithTooltip>
  );
}
