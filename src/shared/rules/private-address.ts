/**
 * Whether people outside the agency's network cannot reach `url`: a loopback, private, link-local or unique-local
 * address, or a name that only resolves inside (localhost, *.local, *.internal, a name without a dot). Pure: no lookup.
 */
export function isUnreachableFromOutside(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return true;
  }
  if (host.startsWith('[')) return isPrivateIpv6(host.slice(1, -1));
  const ipv4 = host.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (ipv4) return isPrivateIpv4(ipv4.slice(1).map(Number));
  return !host.includes('.') || host === 'localhost' || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host);
}

function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168)
  );
}

function isPrivateIpv6(address: string): boolean {
  const mapped = address.match(/^::ffff:(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (mapped) return isPrivateIpv4(mapped.slice(1).map(Number));
  if (address.startsWith('::ffff:')) {
    // The URL parser writes a mapped IPv4 address as two hex groups.
    const [high = 0] = address
      .slice(7)
      .split(':')
      .map((group) => parseInt(group, 16));
    return isPrivateIpv4([high >> 8, high & 0xff]);
  }
  return (
    address === '::1' || address === '::' || /^f[cd][0-9a-f]{0,2}:/.test(address) || /^fe[89ab][0-9a-f]?:/.test(address)
  );
}
