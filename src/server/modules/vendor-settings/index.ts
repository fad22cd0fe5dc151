// The vendor settings' surface: the lists a send reads.
export { listCosts, listSplits, listUtmSources } from './repository';
