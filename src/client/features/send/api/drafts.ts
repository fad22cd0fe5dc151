import type { CreateDraftBody, DraftCard, PatchDraftBody } from '#shared/contracts/drafts';
import { request } from '#client/lib/request';

export const DRAFTS_QUERY_KEY = ['/api/prospecting-drafts'] as const;

export const listDrafts = () => request<DraftCard[]>('/api/prospecting-drafts');
export const createDraft = (draft: CreateDraftBody) => request<DraftCard>('/api/prospecting-drafts', { method: 'POST', body: draft });
export const patchDraft = (cardId: string, changes: PatchDraftBody) =>
  request<DraftCard>(`/api/prospecting-drafts/${encodeURIComponent(cardId)}`, { method: 'PATCH', body: changes });
export const deleteDraft = (cardId: string) => request<void>(`/api/prospecting-drafts/${encodeURIComponent(cardId)}`, { method: 'DELETE' });
export const clearDrafts = () => request<void>('/api/prospecting-drafts', { method: 'DELETE' });
