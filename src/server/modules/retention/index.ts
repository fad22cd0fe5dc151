// The retention's surface: one run (tests and the scheduler), and the plugin.
export { runRetentionOnce } from './service';
export { retentionPlugin } from './plugin';
