// Google sign-in and connection: nothing for other modules (the app builds its context from context.ts). Its plugin is
// registered by ../plugins.ts.
export {};
