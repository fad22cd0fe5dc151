// The results' surface: re-attribution when result codes change (the app hands it to the vendor screens). (Its plugin: ../plugins.ts.)
export { reattributeCodes } from './codes-service';
