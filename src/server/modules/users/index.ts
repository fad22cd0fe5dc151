// The users' surface: nothing for other modules (the app calls ensureAdmins and senderCheck). Its plugin is registered
// by ../plugins.ts.
export {};
