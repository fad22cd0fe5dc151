import type { ModulePlugin } from '#server/app-context';
import { appSettingsPlugin } from './app-settings/plugin';
import { approvalEmailsPlugin } from './approval-emails/plugin';
import { auditPlugin } from './audit/plugin';
import { draftsPlugin } from './drafts/plugin';
import { emailTestPlugin } from './email-test/plugin';
import { filesPlugin } from './files/plugin';
import { googlePlugin } from './google/plugin';
import { healthPlugin } from './health/plugin';
import { invitesPlugin } from './invites/plugin';
import { payoutsPlugin } from './payouts/plugin';
import { resultsPlugin } from './results/plugin';
import { retentionPlugin } from './retention/plugin';
import { sendsPlugin } from './sends/plugin';
import { sessionPlugin } from './session/plugin';
import { trackingPlugin } from './tracking/plugin';
import { remindersPlugin } from './tracking/reminders-plugin';
import { usersPlugin } from './users/plugin';
import { vendorSettingsPlugin } from './vendor-settings/plugin';
import { vendorsPlugin } from './vendors/plugin';

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
