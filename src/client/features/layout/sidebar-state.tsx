import { createContext, useCallback, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';

export const SIDEBAR_COLLAPSED_KEY = 'sidebarCollapsed';
export const SIDEBAR_WIDTH_COLLAPSED = 64;
export const SIDEBAR_WIDTH_EXPANDED = 256;

interface SidebarState {
  isCollapsed: boolean;
  /** Below 768 px an expanded sidebar floats over the page instead of squeezing it. */
  isOverlay: boolean;
  toggle(): void;
}

const SMALL_SCREEN = '(max-width: 767px)';

function useIsSmallScreen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(SMALL_SCREEN);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => window.matchMedia(SMALL_SCREEN).matches,
  );
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
  // On a phone the sidebar starts collapsed and opens over the page; the stored choice is the desktop one.
  const isSmall = useIsSmallScreen();
  const [isOpenOnSmall, setOpenOnSmall] = useState(false);
  const toggle = useCallback(() => {
    if (isSmall) {
      setOpenOnSmall((open) => !open);
      return;
    }
    setCollapsed((collapsed) => {
      localStorage.setItem(SIDEBAR_COLLAPSED_KEY, JSON.stringify(!collapsed));
      return !collapsed;
    });
  }, [isSmall]);
  const value = isSmall
    ? { isCollapsed: !isOpenOnSmall, isOverlay: isOpenOnSmall, toggle }
    : { isCollapsed, isOverlay: false, toggle };
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar outside SidebarProvider');
  return state;
}
