// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

afterEach(cleanup);

describe('Pagination', () => {
  it('jumps straight to a typed page, clamped to the last one', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={0} pageSize={50} total={100_000} onPageChange={onPageChange} noun="songs" />);
    expect(screen.getByText('Showing 1–50 of 100,000 songs')).toBeTruthy();
    expect(screen.getByText('of 2,000')).toBeTruthy();
    const input = screen.getByLabelText('Go to page');
    fireEvent.change(input, { target: { value: '1000' } });
    fireEvent.submit(input);
    expect(onPageChange).toHaveBeenLastCalledWith(999);
    fireEvent.change(input, { target: { value: '99999' } });
    fireEvent.blur(input);
    expect(onPageChange).toHaveBeenLastCalledWith(1999);
    expect((input as HTMLInputElement).value).toBe('2000');
  });

  it('ignores an empty entry and restores the current page', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={4} pageSize={10} total={100} onPageChange={onPageChange} />);
    const input = screen.getByLabelText('Go to page') as HTMLInputElement;
    expect(input.value).toBe('5');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onPageChange).not.toHaveBeenCalled();
    expect(input.value).toBe('5');
  });

  it('shows a lower-bound total as "10,000+" and pages on past it', () => {
    const onPageChange = vi.fn();
    render(
      <Pagination
        page={199}
        pageSize={50}
        total={10_000}
        totalExact={false}
        onPageChange={onPageChange}
        noun="songs"
      />,
    );
    expect(screen.getByText('Showing 9,951–10,000 of 10,000+ songs')).toBeTruthy();
    expect(screen.getByText('of 201+')).toBeTruthy();
    const next = screen.getByLabelText('Next page') as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(onPageChange).toHaveBeenLastCalledWith(200);
    const input = screen.getByLabelText('Go to page');
    fireEvent.change(input, { target: { value: '1000' } });
    fireEvent.submit(input);
    expect(onPageChange).toHaveBeenLastCalledWith(999);
  });

  it('an exact total ends paging on its last page', () => {
    render(<Pagination page={199} pageSize={50} total={10_000} onPageChange={vi.fn()} noun="songs" />);
    expect(screen.getByText('Showing 9,951–10,000 of 10,000 songs')).toBeTruthy();
    expect((screen.getByLabelText('Next page') as HTMLButtonElement).disabled).toBe(true);
  });
});
