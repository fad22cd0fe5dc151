// Google sign-in and connection: its plugin (the app builds its context from context.ts).
export { googlePlugin } from './plugin';
