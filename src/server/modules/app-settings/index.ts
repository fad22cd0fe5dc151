// The app settings module's surface: its plugin only.
export { appSettingsPlugin } from './plugin';
