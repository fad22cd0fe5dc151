// The files module's surface: its plugin only.
export { filesPlugin } from './plugin';
