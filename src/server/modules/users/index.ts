// The users' surface: its plugin (the app also calls ensureAdmins and senderCheck).
export { usersPlugin } from './plugin';
