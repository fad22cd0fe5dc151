import type { SaveSessionBody, SessionState } from '#shared/contracts/drafts';
import { request } from '#client/lib/request';

export const SESSION_QUERY_KEY = ['/api/prospecting-session'] as const;

export const getSession = () => request<SessionState>('/api/prospecting-session');
export const saveSession = (state: SaveSessionBody) => request<SessionState>('/api/prospecting-session', { method: 'POST', body: state });
export const clearSession = () => request<void>('/api/prospecting-session', { method: 'DELETE' });
