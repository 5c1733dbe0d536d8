import { Link, useLocation } from 'react-router';
import { cn } from '../lib/cn';
import { isNavItemActive, NAV_ITEMS } from './nav-items';
import { RailTooltip } from './rail-tooltip';

export function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto overflow-x-hidden px-3 py-2">
      <ul className="flex flex-col gap-1">
        {NAV_ITEMS.map(({ path, label, icon: Icon }) => {
          const active = isNavItemActive(path, pathname);
          return (
            <li key={path}>
              <RailTooltip label={label} collapsed={collapsed}>
                <Link
                  to={path}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/80 outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:ring-2 focus-visible:ring-ring',
                    active &&
                      'bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  <span className={cn('truncate', collapsed && 'sr-only')}>{label}</span>
                </Link>
              </RailTooltip>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
