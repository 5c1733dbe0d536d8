// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

afterEach(cleanup);

/** A dialog holding a combobox whose popup is open until Escape, like the album form's artist search. */
function DialogWithCombobox() {
  const [popup, setPopup] = useState(true);
  return (
    <Dialog defaultOpen>
      <DialogContent>
        <DialogTitle>Add New Album</DialogTitle>
        <DialogDescription>form</DialogDescription>
        <input
          role="combobox"
          aria-label="Artist"
          aria-expanded={popup}
          aria-controls="list"
          onKeyDown={(e) => e.key === 'Escape' && setPopup(false)}
        />
        {popup ? <ul id="list" aria-label="Suggestions" /> : null}
      </DialogContent>
    </Dialog>
  );
}

describe('DialogContent', () => {
  it('lets Escape in an open combobox close only its popup; the next Escape closes the dialog', () => {
    render(<DialogWithCombobox />);
    const input = screen.getByRole('combobox', { name: 'Artist' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('list', { name: 'Suggestions' })).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
