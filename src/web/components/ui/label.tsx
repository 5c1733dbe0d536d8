import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Label({ className, htmlFor, children, ...props }: ComponentProps<'label'>) {
  return (
    <label
      htmlFor={htmlFor}
      className={cn('flex select-none items-center gap-2 text-sm font-medium leading-none', className)}
      {...props}
    >
      {children}
    </label>
  );
}
