// The session's surface: the signed-in user, starting a session, ending a person's sessions.
export { authenticateToken, startSession, type AuthenticatedUser, type SessionDeps } from './service';
export {
  insertUser,
  markGoogleDisconnected,
  revokeSessionsOfEmail,
  saveAccessToken,
  unlinkGoogleSubject,
  updateGoogleFields,
  type GoogleFields,
} from './repository';
