import {
  ChartColumn,
  FileSpreadsheet,
  History,
  Home,
  KanbanSquare,
  MailCheck,
  Send,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { Tooltip } from '#client/components/ui/tooltip';
import { cn } from '#client/lib/cn';
import type { CurrentUser } from '#shared/contracts/auth';
import { ProfileMenu } from './profile-menu';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_EXPANDED, useSidebar } from './sidebar-state';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/deployment-log', label: 'Deployment Log', icon: History },
  { to: '/tracking', label: 'Tracking', icon: KanbanSquare },
  { to: '/results', label: 'Results', icon: ChartColumn },
  { to: '/statements', label: 'Statements', icon: FileSpreadsheet },
  { to: '/vendors', label: 'Vendors', icon: Users },
  { to: '/approvals', label: 'Approvals', icon: MailCheck },
  { to: '/settings', label: 'Settings', icon: Settings, adminOnly: true },
];

export function AppLayout({ user }: { user: CurrentUser }) {
  const { isCollapsed, isOverlay } = useSidebar();
  const width = isCollapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_EXPANDED;
  return (
    <div className="flex min-h-screen">
      {isOverlay ? <div aria-hidden style={{ width: SIDEBAR_WIDTH_COLLAPSED }} className="shrink-0" /> : null}
      <aside
        aria-label="Sidebar"
        data-collapsed={isCollapsed}
        style={{ width }}
        className={cn(
          'top-0 flex h-screen shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-150',
          isOverlay ? 'fixed left-0 z-40 shadow-xl' : 'sticky',
        )}
      >
        <div className="flex h-14 items-center gap-2 border-b border-slate-200 px-4">
          <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-brand-600 text-white">
            <Send aria-hidden className="h-4 w-4" />
          </span>
          {!isCollapsed ? <span className="text-base font-semibold">Dispatch</span> : null}
        </div>
        <nav aria-label="Main" className="flex-1 space-y-1 p-2">
          {NAV_ITEMS.filter((item) => !item.adminOnly || user.isAdmin).map((item) => (
            <SidebarLink key={item.to} item={item} isCollapsed={isCollapsed} />
          ))}
        </nav>
        <div className="border-t border-slate-200 p-2">
          <ProfileMenu user={user} isCollapsed={isCollapsed} />
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

function SidebarLink({ item, isCollapsed }: { item: NavItem; isCollapsed: boolean }) {
  const link = (
    <NavLink
      to={item.to}
      end={item.to === '/'}
      aria-label={isCollapsed ? item.label : undefined}
      className={({ isActive }) =>
        cn(
          'flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors duration-150',
          isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
        )
      }
    >
      <item.icon aria-hidden className="h-4 w-4 shrink-0" />
      {!isCollapsed ? <span className="truncate">{item.label}</span> : null}
    </NavLink>
  );
  return isCollapsed ? <Tooltip content={item.label}>{link}</Tooltip> : link;
}
