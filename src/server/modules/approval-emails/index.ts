// The approval emails' surface: the list a send copies. (Its plugin is registered by ../plugins.ts.)
export { listApprovalEmails } from './repository';
