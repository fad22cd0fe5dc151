// The payouts' surface: the amounts owed of some sends (the app hands it to the screens below). (Its plugin is registered by ../plugins.ts.)
export { owedOnceResultsExist } from './service';
