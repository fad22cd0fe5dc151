// `npm run bench`: each benchmark prints its figures as ratios against a baseline measured in the same run.
import { benchLinkExtraction } from './link-extraction';
import { benchResultsImport } from './results-import';
import { benchSendFanout } from './send-fanout';
import { benchSendPageBrowser } from './send-page-browser';
import { benchSendPageBundle } from './send-page-bundle';
import { benchStatements } from './statements';
import { benchUserLookup } from './user-lookup';
import { benchVendorList } from './vendor-list';

const benchmarks: Record<string, () => Promise<{ name: string; lines: string[] }>> = {
  'user-lookup': benchUserLookup,
  'vendor-list': benchVendorList,
  'send-fanout': benchSendFanout,
  'link-extraction': benchLinkExtraction,
  'send-page-bundle': benchSendPageBundle,
  'send-page-browser': benchSendPageBrowser,
  'results-import': benchResultsImport,
  statements: benchStatements,
};

// Options (--rows N) are the benchmarks' own; the other arguments name which to run.
const args = process.argv.slice(2);
const only = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
for (const [key, run] of Object.entries(benchmarks)) {
  if (only.length && !only.includes(key)) continue;
  const { name, lines } = await run();
  console.log(`\n## ${key}: ${name}`);
  for (const line of lines) console.log(`  ${line}`);
}
