// The retention's surface: one run (tests and the scheduler). (Its plugin is registered by ../plugins.ts.)
export { runRetentionOnce } from './service';
