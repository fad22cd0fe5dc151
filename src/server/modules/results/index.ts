// The results' surface: re-attribution when result codes change (the app hands it to the vendor screens), the plugin.
export { reattributeCodes } from './codes-service';
export { resultsPlugin } from './plugin';
