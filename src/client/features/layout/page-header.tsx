import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { Tooltip } from '#client/components/ui/tooltip';
import { useSidebar } from './sidebar-state';

/** The bar at the top of every signed-in screen: the sidebar toggle, the title and the screen's actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  const { isCollapsed, toggle } = useSidebar();
  const label = isCollapsed ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <header className="sticky top-0 z-20 flex min-h-14 flex-wrap items-center gap-3 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur">
      <Tooltip content={label} side="bottom">
        <button
          type="button"
          onClick={toggle}
          aria-label={label}
          aria-expanded={!isCollapsed}
          className="rounded-md p-2 text-slate-600 hover:bg-slate-100"
        >
          {isCollapsed ? (
            <PanelLeftOpen aria-hidden className="h-4 w-4" />
          ) : (
            <PanelLeftClose aria-hidden className="h-4 w-4" />
          )}
        </button>
      </Tooltip>
      <div className="mr-auto min-w-0">
        <h1 className="truncate text-base font-semibold">{title}</h1>
        {description ? <p className="truncate text-[13px] text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
