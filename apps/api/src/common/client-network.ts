import ipaddr from 'ipaddr.js';

/**
 * What a per-client limit counts: an IPv4 address as it is, an IPv6 address by its /64. One IPv6 host is
 * usually handed a whole /64 (SLAAC, privacy addresses, a hosting provider's allocation) and can pick any of
 * its 2^64 addresses per request, so counting full addresses would give it an unlimited allowance.
 * IPv4-mapped IPv6 addresses (`::ffff:192.0.2.1`, as a dual-stack socket reports IPv4 clients) count as IPv4.
 */
export function clientNetwork(address: string | undefined): string {
  if (!address) return 'unknown';
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/%.*$/, ''));
  } catch {
    return address;
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
    const prefix = v6.parts.slice(0, 4).map((part) => part.toString(16));
    return `${prefix.join(':')}::/64`;
  }
  return parsed.toString();
}
