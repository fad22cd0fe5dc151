import { useSyncExternalStore } from 'react';

export const AUTH_TOKEN_KEY = 'auth_token';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function getAuthToken(): string | null {
  return localStorage.getItem(AUTH_TOKEN_KEY);
}

export function setAuthToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
  notify();
}

export function clearAuthToken(): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  notify();
}

export function useAuthToken(): string | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    window.addEventListener('storage', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', listener);
    };
  }, getAuthToken);
}
