import {
  Disc3,
  FileCode,
  History,
  Image,
  LayoutDashboard,
  ListMusic,
  type LucideIcon,
  MicVocal,
  Music,
  Settings,
  Tags,
  Upload,
  Users,
} from 'lucide-react';

export interface NavItem {
  path: string;
  label: string;
  icon: LucideIcon;
}

/** The sidebar menu, in the spec's order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/', label: 'Dashboard', icon: LayoutDashboard },
  { path: '/artists', label: 'Artists', icon: MicVocal },
  { path: '/albums', label: 'Albums', icon: Disc3 },
  { path: '/songs', label: 'Songs', icon: Music },
  { path: '/categories', label: 'Categories', icon: Tags },
  { path: '/playlists', label: 'Playlists', icon: ListMusic },
  { path: '/banners', label: 'Banners', icon: Image },
  { path: '/users', label: 'Users', icon: Users },
  { path: '/upload', label: 'Upload Manager', icon: Upload },
  { path: '/api-docs', label: 'API Docs', icon: FileCode },
  { path: '/settings', label: 'Settings', icon: Settings },
  { path: '/audit-log', label: 'Audit Log', icon: History },
];

/** The name of the screen at `pathname` (its menu label), or null for a path of no menu item. */
export function screenTitle(pathname: string): string | null {
  return NAV_ITEMS.find((item) => isNavItemActive(item.path, pathname))?.label ?? null;
}

/** Whether a menu item belongs to the current path; "/" and "/dashboard" are the same screen. */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  const current = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (itemPath === '/') return current === '/' || current === '/dashboard';
  return current === itemPath || current.startsWith(`${itemPath}/`);
}
