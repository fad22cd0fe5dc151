// The payouts' surface: the amounts owed of some sends (the app hands it to the screens below), and the plugin.
export { owedOnceResultsExist } from './service';
export { payoutsPlugin } from './plugin';
