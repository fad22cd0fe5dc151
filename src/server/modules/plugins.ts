import type { ModulePlugin } from '#server/app-context';
import { appSettingsPlugin } from './app-settings';
import { approvalEmailsPlugin } from './approval-emails';
import { auditPlugin } from './audit';
import { draftsPlugin } from './drafts';
import { emailTestPlugin } from './email-test';
import { filesPlugin } from './files';
import { googlePlugin } from './google';
import { healthPlugin } from './health';
import { invitesPlugin } from './invites';
import { payoutsPlugin } from './payouts';
import { resultsPlugin } from './results';
import { retentionPlugin } from './retention';
import { sendsPlugin } from './sends';
import { sessionPlugin } from './session';
import { remindersPlugin, trackingPlugin } from './tracking';
import { usersPlugin } from './users';
import { vendorSettingsPlugin } from './vendor-settings';
import { vendorsPlugin } from './vendors';

/**
 * Every module, registered in this order with the app's context. A new module is a folder with its plugin and one
 * line here. Background loops start in this order (after the delivery worker) and stop in the reverse one.
 */
export const MODULE_PLUGINS: readonly ModulePlugin[] = [
  sessionPlugin,
  invitesPlugin,
  usersPlugin,
  vendorsPlugin,
  vendorSettingsPlugin,
  approvalEmailsPlugin,
  auditPlugin,
  draftsPlugin,
  appSettingsPlugin,
  googlePlugin,
  healthPlugin,
  filesPlugin,
  sendsPlugin,
  emailTestPlugin,
  trackingPlugin,
  resultsPlugin,
  payoutsPlugin,
  retentionPlugin,
  remindersPlugin,
];
