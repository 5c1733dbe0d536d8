import { LogOut, Music2, PanelLeftClose, PanelLeftOpen, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/ui/button';
import { WithTooltip } from '../components/ui/tooltip';
import { useAuth } from '../lib/auth-context';
import { cn } from '../lib/cn';
import { RailTooltip } from './rail-tooltip';
import { SidebarNav } from './sidebar-nav';
import { SidebarUser } from './sidebar-user';
import { SIDEBAR_WIDTH } from './sidebar-width';

interface SidebarProps {
  collapsed: boolean;
  /** The rail's collapse button; the drawer has `onClose` instead. */
  onToggle?: () => void;
  onClose?: () => void;
}

export function Sidebar({ collapsed, onToggle, onClose }: SidebarProps) {
  const { user, logout } = useAuth();
  const [loggingOut, setLoggingOut] = useState(false);
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;

  async function onLogout() {
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
    }
  }

  return (
    <aside
      data-testid="sidebar"
      data-state={collapsed ? 'collapsed' : 'expanded'}
      style={{ width: collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded, maxWidth: '100%' }}
      className="flex h-full shrink-0 flex-col overflow-hidden border-e bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-in-out motion-reduce:transition-none"
    >
      <div className={cn('flex h-14 items-center gap-2 border-b px-3', collapsed && 'justify-center px-0')}>
        {!collapsed && (
          <div className="flex min-w-0 flex-1 items-center gap-2">
            <div className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
              <Music2 aria-hidden="true" className="size-4" />
            </div>
            <span className="truncate text-lg font-semibold">Nazenk</span>
          </div>
        )}
        {onToggle ? (
          <WithTooltip label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} side="right">
            <Button
              variant="ghost"
              size="icon"
              onClick={onToggle}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-expanded={!collapsed}
            >
              <ToggleIcon aria-hidden="true" />
            </Button>
          </WithTooltip>
        ) : null}
        {onClose ? (
          <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close menu">
            <XIcon aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {user && <SidebarUser user={user} collapsed={collapsed} />}
      <SidebarNav collapsed={collapsed} onNavigate={onClose} />
      <div className="border-t p-3">
        <RailTooltip label="Logout" collapsed={collapsed}>
          <Button
            variant="ghost"
            onClick={onLogout}
            disabled={loggingOut}
            className={cn('w-full justify-start gap-3 px-2.5', collapsed && 'justify-center px-0')}
          >
            <LogOut aria-hidden="true" />
            <span className={cn(collapsed && 'sr-only')}>Logout</span>
          </Button>
        </RailTooltip>
      </div>
    </aside>
  );
}
