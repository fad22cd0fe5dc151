import { draftCardView, draftList, sessionStateView } from '../contracts/responses/drafts';
import { defineOperation, ok, created, noContent, because, declared } from './operation';

export const listDrafts = defineOperation({
  method: 'GET',
  path: '/api/prospecting-drafts',
  summary: "The user's content cards",
  access: 'user',
  responses: { 200: ok(draftList) },
});

export const createDraft = defineOperation({
  method: 'POST',
  path: '/api/prospecting-drafts',
  summary: 'Save a content card',
  access: 'user',
  body: declared('drafts', 'createDraftBody'),
  responses: { 201: created(draftCardView) },
});

export const patchDraft = defineOperation({
  method: 'PATCH',
  path: '/api/prospecting-drafts/:cardId',
  summary: 'Change some fields of a content card',
  access: 'user',
  params: declared('path-params', 'cardIdParam'),
  body: declared('drafts', 'patchDraftBody'),
  responses: { 200: ok(draftCardView), 404: because('No such card') },
});

export const deleteDraft = defineOperation({
  method: 'DELETE',
  path: '/api/prospecting-drafts/:cardId',
  summary: 'Remove a content card',
  access: 'user',
  params: declared('path-params', 'cardIdParam'),
  responses: { 204: noContent },
});

export const clearDrafts = defineOperation({
  method: 'DELETE',
  path: '/api/prospecting-drafts',
  summary: 'Remove all content cards',
  access: 'user',
  responses: { 204: noContent },
});

export const getSession = defineOperation({
  method: 'GET',
  path: '/api/prospecting-session',
  summary: "The send page's selections",
  access: 'user',
  responses: { 200: ok(sessionStateView) },
});

export const saveSession = defineOperation({
  method: 'POST',
  path: '/api/prospecting-session',
  summary: "Replace the send page's selections",
  access: 'user',
  body: declared('drafts', 'saveSessionBody'),
  responses: { 200: ok(sessionStateView) },
});

export const patchSession = defineOperation({
  method: 'PATCH',
  path: '/api/prospecting-session',
  summary: "Change some of the send page's selections",
  access: 'user',
  body: declared('drafts', 'patchSessionBody'),
  responses: { 200: ok(sessionStateView) },
});

export const resetSession = defineOperation({
  method: 'DELETE',
  path: '/api/prospecting-session',
  summary: "Reset the send page's selections",
  access: 'user',
  responses: { 204: noContent },
});
