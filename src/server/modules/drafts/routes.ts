import type { FastifyInstance } from 'fastify';
import {
  createDraftBody,
  draftCardIdParam,
  patchDraftBody,
  patchSessionBody,
  saveSessionBody,
} from '#shared/contracts/drafts';
import { userOf, type Guards } from '#server/auth/guards';
import { parseInput } from '#server/validation';
import * as drafts from './service';

/** Room for a 10 MB HTML file, a 10 MB CSV and a 5 MB image (base64) in one JSON body. */
export const DRAFT_BODY_LIMIT = 36 * 1024 * 1024;

export function registerDraftRoutes(app: FastifyInstance, deps: drafts.DraftsDeps, guards: Guards) {
  const signedIn = { preHandler: guards.requireUser };
  // Authenticated before the body is read: an anonymous upload is refused without parsing it.
  const withFiles = { onRequest: guards.requireUserBeforeBody, bodyLimit: DRAFT_BODY_LIMIT };

  app.get('/api/prospecting-drafts', signedIn, async (request) => drafts.listDrafts(deps, userOf(request).id));

  app.post('/api/prospecting-drafts', withFiles, async (request, reply) => {
    const draft = parseInput(createDraftBody, request.body);
    return reply.code(201).send(await drafts.saveDraft(deps, userOf(request).id, draft));
  });

  app.patch('/api/prospecting-drafts/:cardId', withFiles, async (request) => {
    const { cardId } = parseInput(draftCardIdParam, request.params, 'cardId');
    const changes = parseInput(patchDraftBody, request.body);
    return drafts.patchDraft(deps, userOf(request).id, cardId, changes);
  });

  app.delete('/api/prospecting-drafts/:cardId', signedIn, async (request, reply) => {
    const { cardId } = parseInput(draftCardIdParam, request.params, 'cardId');
    await drafts.deleteDraft(deps, userOf(request).id, cardId);
    return reply.code(204).send();
  });

  app.delete('/api/prospecting-drafts', signedIn, async (request, reply) => {
    await drafts.clearDrafts(deps, userOf(request).id);
    return reply.code(204).send();
  });

  app.get('/api/prospecting-session', signedIn, async (request) => drafts.getSession(deps, userOf(request).id));

  app.post('/api/prospecting-session', signedIn, async (request) => {
    const state = parseInput(saveSessionBody, request.body);
    return drafts.saveSession(deps, userOf(request).id, state);
  });

  app.patch('/api/prospecting-session', signedIn, async (request) => {
    const changes = parseInput(patchSessionBody, request.body);
    return drafts.saveSession(deps, userOf(request).id, changes);
  });

  app.delete('/api/prospecting-session', signedIn, async (request, reply) => {
    await drafts.clearSession(deps, userOf(request).id);
    return reply.code(204).send();
  });
}
