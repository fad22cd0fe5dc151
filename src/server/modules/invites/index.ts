// The invitations' surface: issuing, mailing and consuming an invitation, and the live ones.
export { consumeInvite, listLiveInvites } from './repository';
export { INVALID_INVITE_MESSAGE, issueInvite } from './service';
export { mailInvite, type InviteMailDeps } from './mail';
