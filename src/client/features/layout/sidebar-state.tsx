import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

export const SIDEBAR_COLLAPSED_KEY = 'sidebarCollapsed';
export const SIDEBAR_WIDTH_COLLAPSED = 64;
export const SIDEBAR_WIDTH_EXPANDED = 256;

interface SidebarState {
  isCollapsed: boolean;
  toggle(): void;
}

const SidebarContext = createContext<SidebarState | null>(null);

function readCollapsed(): boolean {
  try {
    return JSON.parse(localStorage.getItem(SIDEBAR_COLLAPSED_KEY) ?? 'false') === true;
  } catch {
    return false;
  }
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const [isCollapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((collapsed) => {
      localStorage.setItem(SIDEBAR_COLLAPSED_KEY, JSON.stringify(!collapsed));
      return !collapsed;
    });
  }, []);
  return <SidebarContext.Provider value={{ isCollapsed, toggle }}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar outside SidebarProvider');
  return state;
}
