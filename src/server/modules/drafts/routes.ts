import type { FastifyInstance } from 'fastify';
import {
  clearDrafts,
  createDraft,
  deleteDraft,
  getSession,
  listDrafts,
  patchDraft,
  patchSession,
  resetSession,
  saveSession,
} from '#shared/api/drafts';
import type { Guards } from '#server/auth/guards';
import { routeDefiner } from '#server/http/define-route';
import * as drafts from './service';

/** Room for a 10 MB HTML file, a 10 MB CSV and a 5 MB image (base64) in one JSON body. */
export const DRAFT_BODY_LIMIT = 36 * 1024 * 1024;

export function registerDraftRoutes(app: FastifyInstance, deps: drafts.DraftsDeps, guards: Guards) {
  const route = routeDefiner(app, guards);
  // Authenticated before the body is read: an anonymous upload is refused without parsing it.
  const withFiles = { isAuthenticatedBeforeBody: true, bodyLimit: DRAFT_BODY_LIMIT };

  route(listDrafts, async ({ user }) => drafts.listDrafts(deps, user.id));

  route(createDraft, async ({ body, user }) => drafts.saveDraft(deps, user.id, body), withFiles);

  route(patchDraft, async ({ params, body, user }) => drafts.patchDraft(deps, user.id, params.cardId, body), withFiles);

  route(deleteDraft, async ({ params, user }) => {
    await drafts.deleteDraft(deps, user.id, params.cardId);
  });

  route(clearDrafts, async ({ user }) => {
    await drafts.clearDrafts(deps, user.id);
  });

  route(getSession, async ({ user }) => drafts.getSession(deps, user.id));

  route(saveSession, async ({ body, user }) => drafts.saveSession(deps, user.id, body));

  route(patchSession, async ({ body, user }) => drafts.saveSession(deps, user.id, body));

  route(resetSession, async ({ user }) => {
    await drafts.clearSession(deps, user.id);
  });
}
