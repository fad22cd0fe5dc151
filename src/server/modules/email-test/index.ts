// The email test page's surface: its plugin only.
export { emailTestPlugin } from './plugin';
