import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { TooltipProvider } from '../components/ui/tooltip';
import { Sidebar } from './sidebar';

/**
 * Sidebar beside an independently scrolling main area. The collapse state is not persisted.
 * Tooltips exist only behind sign-in, so their provider lives here and stays out of the login bundle.
 */
export default function AppLayout() {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <TooltipProvider>
      <div className="flex h-screen overflow-hidden">
        <Sidebar collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
        <main className="min-w-0 flex-1 overflow-y-auto">
          <div className="p-6">
            <Suspense fallback={<Spinner className="py-12" />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </TooltipProvider>
  );
}
