import { Link2, LogOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { CurrentUser } from '#shared/contracts/auth';
import { displayNameFromEmail } from '#shared/display-name';
import { useConnectGoogle } from '../auth/hooks/use-connect-google';
import { useLogout } from '../auth/hooks/use-logout';

export function Avatar({ email, imageUrl, size = 32 }: { email: string; imageUrl?: string | null; size?: number }) {
  const initial = displayNameFromEmail(email).charAt(0) || '?';
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        referrerPolicy="no-referrer"
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden
      className="flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {initial}
    </span>
  );
}

export function ProfileMenu({ user, isCollapsed }: { user: CurrentUser; isCollapsed: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const logout = useLogout();
  const connectGoogle = useConnectGoogle();
  const name = displayNameFromEmail(user.email);

  useEffect(() => {
    if (!isOpen) return;
    const closeOnOutside = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOnOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [isOpen]);

  return (
    <div ref={containerRef} className="relative">
      {isOpen ? (
        <div
          role="menu"
          aria-label="Profile"
          className="absolute bottom-full left-2 z-30 mb-2 w-60 rounded-[var(--radius-card)] border border-slate-200 bg-white p-2 shadow-lg"
        >
          <div className="flex items-center gap-3 px-2 py-2">
            <Avatar email={user.email} imageUrl={user.googleProfileImageUrl} size={36} />
            <div className="min-w-0">
              <p className="truncate font-medium">{name}</p>
              <p className="truncate text-[13px] text-slate-600">{user.email}</p>
            </div>
          </div>
          <div className="my-1 h-px bg-slate-200" />
          {!user.googleProfileImageUrl ? (
            <button
              role="menuitem"
              type="button"
              onClick={() => void connectGoogle()}
              className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-left hover:bg-slate-100"
            >
              <Link2 aria-hidden className="h-4 w-4" /> Connect Google Account
            </button>
          ) : null}
          <button
            role="menuitem"
            type="button"
            onClick={() => void logout()}
            className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-left text-red-700 hover:bg-red-50"
          >
            <LogOut aria-hidden className="h-4 w-4" /> Logout
          </button>
        </div>
      ) : null}
      <button
        type="button"
        onClick={() => setOpen((open) => !open)}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-label={isCollapsed ? `Profile menu: ${name}` : undefined}
        data-testid="profile-menu-button"
        className="flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-slate-100"
      >
        <Avatar email={user.email} imageUrl={user.googleProfileImageUrl} />
        {!isCollapsed ? (
          <span className="min-w-0">
            <span className="block truncate font-medium">{name}</span>
            <span className="block truncate text-xs text-slate-600">{user.email}</span>
          </span>
        ) : null}
      </button>
    </div>
  );
}
