/** Sidebar widths in px (spec section 9). */
export const SIDEBAR_WIDTH = { expanded: 256, collapsed: 64 } as const;
