import { noContent } from '#shared/contracts/common';
import { draftCard, draftList, type CreateDraftBody, type PatchDraftBody } from '#shared/contracts/drafts';
import { request } from '#client/lib/request';

// Called by the send page's autosave, which keeps the cards itself: no cached list to refresh.
const draftPath = (cardId: string) => `/api/prospecting-drafts/${encodeURIComponent(cardId)}`;

export const listDrafts = () => request('/api/prospecting-drafts', draftList);
export const createDraft = (draft: CreateDraftBody) => request('/api/prospecting-drafts', draftCard, { method: 'POST', body: draft });
export const patchDraft = (cardId: string, changes: PatchDraftBody) => request(draftPath(cardId), draftCard, { method: 'PATCH', body: changes });
export const deleteDraft = (cardId: string) => request(draftPath(cardId), noContent, { method: 'DELETE' });
export const clearDrafts = () => request('/api/prospecting-drafts', noContent, { method: 'DELETE' });
