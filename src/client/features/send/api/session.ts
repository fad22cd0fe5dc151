import { noContent } from '#shared/contracts/common';
import { sessionState, type SaveSessionBody } from '#shared/contracts/drafts';
import { request } from '#client/lib/request';

// Called by the send page's autosave, which keeps the session itself: no cached copy to refresh.
export const getSession = () => request('/api/prospecting-session', sessionState);
export const saveSession = (state: SaveSessionBody) => request('/api/prospecting-session', sessionState, { method: 'POST', body: state });
export const clearSession = () => request('/api/prospecting-session', noContent, { method: 'DELETE' });
