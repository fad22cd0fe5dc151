// The approval emails' surface: the list a send copies, and the plugin.
export { listApprovalEmails } from './repository';
export { approvalEmailsPlugin } from './plugin';
