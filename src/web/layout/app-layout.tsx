import { MenuIcon, Music2 } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { TooltipProvider } from '../components/ui/tooltip';
import { useDocumentTitle } from '../lib/use-document-title';
import { useMediaQuery } from '../lib/use-media-query';
import { screenTitle } from './nav-items';
import { Sidebar } from './sidebar';

/** Below this width the sidebar is a drawer opened from a menu button. */
export const NARROW_QUERY = '(max-width: 767px)';

/** The sidebar of a phone: a modal drawer (focus trapped, Escape closes); choosing a screen closes it. */
function Drawer() {
  const [open, setOpen] = useState(false);
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b bg-sidebar px-3">
      <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
        <DialogPrimitive.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open menu">
            <MenuIcon aria-hidden="true" />
          </Button>
        </DialogPrimitive.Trigger>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex max-w-[85vw] shadow-lg outline-none"
          >
            <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
            <Sidebar collapsed={false} onClose={() => setOpen(false)} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <div className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Music2 aria-hidden="true" className="size-4" />
      </div>
      <span className="text-lg font-semibold">Nazenk</span>
    </header>
  );
}

/**
 * Sidebar beside an independently scrolling main area (a drawer on a phone). The collapse state is not
 * persisted. Tooltips exist only behind sign-in, so their provider lives here, out of the login bundle.
 */
export default function AppLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const narrow = useMediaQuery(NARROW_QUERY);
  const { pathname } = useLocation();
  useDocumentTitle(screenTitle(pathname));
  return (
    <TooltipProvider>
      <div className="flex h-screen flex-col overflow-hidden md:flex-row">
        {narrow ? <Drawer /> : <Sidebar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />}
        <main className="min-w-0 flex-1 overflow-y-auto">
          <div className="p-4 md:p-6">
            <Suspense fallback={<Spinner className="py-12" />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </TooltipProvider>
  );
}
