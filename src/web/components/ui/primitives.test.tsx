// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDelete } from './alert-dialog';
import { DataTable, type DataTableColumn, dataTableColumns, type SortingState } from './data-table';
import { FormField } from './form-field';
import { ImagePicker, type ImageValue, MAX_IMAGE_BYTES, useImageSizeCheck } from './image-picker';
import { Input } from './input';
import { SearchInput } from './search-input';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

interface Row {
  id: number;
  name: string;
}
const col = dataTableColumns<Row>();
const columns: DataTableColumn<Row>[] = [
  col.accessor('name', { header: 'Name' }),
  col.display({ id: 'actions', header: 'Actions', enableSorting: false, cell: () => 'x' }),
];
const rows = (n: number, from = 1): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, name: `Row ${from + i}` }));

/** What every table of these tests shares: one page of up to 50 rows, starting at the first. */
const tableProps = {
  'aria-label': 'Things',
  columns,
  page: 0,
  pageSize: 50,
  getRowId: (r: Row) => String(r.id),
};

function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const onPageChange = vi.fn();
  render(<DataTable {...tableProps} rows={rows(3)} total={3} onPageChange={onPageChange} {...props} />);
  return { onPageChange };
}

function Sorted() {
  const [sorting, setSorting] = useState<SortingState>([]);
  return (
    <>
      <output>{JSON.stringify(sorting)}</output>
      <DataTable
        {...tableProps}
        rows={rows(2)}
        total={2}
        onPageChange={() => {}}
        sorting={sorting}
        onSortingChange={setSorting}
      />
    </>
  );
}

function Picker({ onTooLarge }: { onTooLarge: (file: File) => void }) {
  const [value, setValue] = useState<ImageValue>({ file: null, url: '/media/images/old.png' });
  const check = useImageSizeCheck(onTooLarge);
  return (
    <>
      <output>{value.file ? `file:${value.file.name}` : `url:${value.url}`}</output>
      <ImagePicker label="Cover image" value={value} onChange={setValue} validate={check} />
    </>
  );
}

describe('DataTable', () => {
  it('renders one page of rows and the pagination summary', () => {
    const { onPageChange } = renderTable({ rows: rows(50), total: 120, page: 0 });
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(50);
    expect(screen.getByText('Showing 1–50 of 120')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('disables Next on the last page', () => {
    renderTable({ rows: rows(20, 101), total: 120, page: 2 });
    expect(screen.getByText('Showing 101–120 of 120')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the loading, error and empty rows', () => {
    renderTable({ rows: [], total: 0, isLoading: true, loadingText: 'Loading things...' });
    expect(screen.getByRole('status').textContent).toBe('Loading things...');
    cleanup();
    renderTable({ rows: [], total: 0, error: 'Error loading things' });
    expect(screen.getByRole('alert').textContent).toBe('Error loading things');
    cleanup();
    renderTable({ rows: [], total: 0, emptyText: 'No things found' });
    expect(screen.getByText('No things found')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('reports sorting changes of sortable columns to the owner', () => {
    render(<Sorted />);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('status').textContent).toMatch(/"id":"name"/);
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toMatch(
      /ascending|descending/,
    );
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
  });
});

describe('ConfirmDelete', () => {
  it('confirms, shows a failure in place, and cannot be dismissed while pending', () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    const { rerender } = render(
      <ConfirmDelete
        open
        onOpenChange={onOpenChange}
        title="Delete Album"
        description="Are you sure?"
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete Album' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();

    rerender(
      <ConfirmDelete
        open
        onOpenChange={onOpenChange}
        title="Delete Album"
        description="Are you sure?"
        onConfirm={onConfirm}
        pending
      />,
    );
    expect((screen.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);

    rerender(
      <ConfirmDelete
        open
        onOpenChange={onOpenChange}
        title="Delete Album"
        description="Are you sure?"
        onConfirm={onConfirm}
        error="Album still has 12 songs"
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Album still has 12 songs');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('SearchInput', () => {
  it('reports the trimmed text once typing pauses', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchInput aria-label="Search songs" onSearch={onSearch} delay={300} />);
    const box = screen.getByRole('searchbox', { name: 'Search songs' });
    expect(box.getAttribute('dir')).toBe('auto');
    fireEvent.change(box, { target: { value: 'عل' } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(box, { target: { value: ' علي ' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('علي');
  });
});

describe('FormField', () => {
  it('labels the control and ties the error and hint to it', () => {
    render(
      <FormField label="Name" required hint="As shown in the app" error="Artist name is required">
        <Input />
      </FormField>,
    );
    const input = screen.getByLabelText(/Name/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    const texts = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['As shown in the app', 'Artist name is required']);
    expect(screen.getByRole('alert').textContent).toBe('Artist name is required');
  });
});

describe('ImagePicker', () => {
  it('previews the saved image, refuses files over 5MB, accepts others and removes', () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const onTooLarge = vi.fn();
    render(<Picker onTooLarge={onTooLarge} />);
    expect(screen.getByRole('img', { name: 'Cover image preview' }).getAttribute('src')).toBe(
      '/media/images/old.png',
    );
    expect(screen.getByRole('button', { name: /Change Image/ })).toBeTruthy();

    const input = screen.getByLabelText('Cover image');
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(onTooLarge).toHaveBeenCalledWith(big);
    expect(screen.getByRole('status').textContent).toBe('url:/media/images/old.png');

    const ok = new File([new Uint8Array(10)], 'ok.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [ok] } });
    expect(screen.getByRole('status').textContent).toBe('file:ok.png');
    expect(screen.getByRole('img', { name: 'Cover image preview' }).getAttribute('src')).toBe('blob:preview');

    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.getByRole('status').textContent).toBe('url:null');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: /Upload Image/ })).toBeTruthy();
  });
});
