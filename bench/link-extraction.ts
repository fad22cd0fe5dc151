import Papa from 'papaparse';
import { extractVendorLinks, type LinkVendor } from '#shared/rules/links';
import { median } from './load';

const LINES = 500_000;
const VENDORS = 200;

/** A vendor-link CSV like the ones the agency gets: most rows a link, a few sources no vendor uses. */
function generateCsv(): { text: string; vendors: LinkVendor[] } {
  const vendors = Array.from({ length: VENDORS }, (_, i) => ({ vendorId: `vendor${i}`, utmSource: `source_${i}` }));
  const rows = ['id,first_name,email,zip,tracking_url'];
  for (let i = 0; i < LINES; i++) {
    const source = i % 53 === 7 ? `unknown_${i % 997}` : `source_${i % VENDORS}`;
    rows.push(
      `${i},Pat,pat.donor${i}@example.org,${10000 + (i % 89999)},"https://donate.example.org/give?utm_source=${source}&utm_medium=email"`,
    );
  }
  return { text: rows.join('\n'), vendors };
}

function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** Link extraction against papaparse alone over the same file, interleaved runs, medians. */
export async function benchLinkExtraction() {
  const { text, vendors } = generateCsv();
  const megabytes = Buffer.byteLength(text) / 1024 / 1024;
  const bare = () =>
    Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', chunkSize: 1024 * 1024, chunk() {} } as Papa.ParseConfig<
      string[]
    >);
  const extract = () => {
    const result = extractVendorLinks(text, vendors);
    if (Object.keys(result.links).length !== VENDORS) throw new Error('extraction missed vendors');
  };
  bare();
  extract();
  const bareMs: number[] = [];
  const extractMs: number[] = [];
  for (let round = 0; round < 5; round++) {
    bareMs.push(time(bare));
    extractMs.push(time(extract));
  }
  const throughput = (ms: number) => megabytes / (ms / 1000);
  return {
    name: `vendor link extraction on a generated ${LINES.toLocaleString('en-US')}-line CSV (${megabytes.toFixed(1)} MB) vs papaparse alone`,
    lines: [
      `papaparse alone:  median ${throughput(median(bareMs)).toFixed(1)} MB/s (${bareMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
      `link extraction:  median ${throughput(median(extractMs)).toFixed(1)} MB/s (${extractMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
      `ratio: ${(median(bareMs) / median(extractMs)).toFixed(3)} of the bare parser's throughput`,
    ],
  };
}
