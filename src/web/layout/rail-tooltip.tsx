import type { ReactNode } from 'react';
import { WithTooltip } from '../components/ui/tooltip';

/** On the collapsed rail an item shows its label in a tooltip (hover and keyboard focus); expanded, none. */
export function RailTooltip({
  label,
  collapsed,
  children,
}: {
  label: string;
  collapsed: boolean;
  children: ReactNode;
}) {
  return collapsed ? (
    <WithTooltip label={label} side="right">
      {children}
    </WithTooltip>
  ) : (
    children
  );
}
