import type { CurrentUser } from '../../contract/auth';
import { cn } from '../lib/cn';

/** The signed-in user's initial, username and email; only the initial while collapsed. */
export function SidebarUser({ user, collapsed }: { user: CurrentUser; collapsed: boolean }) {
  const initial = Array.from(user.username.trim())[0]?.toUpperCase() ?? '?';
  return (
    <div
      className={cn('flex items-center gap-3 border-b px-3 py-3', collapsed && 'justify-center px-0')}
      title={collapsed ? user.username : undefined}
    >
      <div
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold"
      >
        {initial}
      </div>
      <div className={cn('min-w-0 flex-1', collapsed && 'sr-only')}>
        <p dir="auto" data-testid="sidebar-username" className="truncate text-sm font-medium">
          {user.username}
        </p>
        {user.email && (
          <p dir="auto" className="truncate text-xs text-muted-foreground">
            {user.email}
          </p>
        )}
      </div>
    </div>
  );
}
