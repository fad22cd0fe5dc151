// The drafts' surface: what reusing a send does to the user's send page.
export { hasSendInProgress, replaceSendPage, type DraftsDeps } from './service';
