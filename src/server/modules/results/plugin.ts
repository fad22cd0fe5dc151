import type { ModulePlugin } from '#server/app-context';
import { createDonorHasher, donorHashKey } from './donor-hash';
import { registerResultsRoutes } from './routes';

/** Results (issue 23): imports of contribution exports, their attribution, the figures, vendors' result codes. */
export const resultsPlugin: ModulePlugin = async (app, context) => {
  const { config, guards } = context;
  const donorKey = donorHashKey(config.secretKey);
  const deps = {
    ...context,
    donorKey,
    hashDonor: createDonorHasher(donorKey),
    maxImportBytes: config.resultsMaxBytes,
    log: app.log,
  };
  registerResultsRoutes(app, deps, guards);
};
