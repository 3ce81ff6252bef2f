/**
 * The part of a client's address the sign-in limits count (decision 102). An IPv4 address is one client. An IPv6
 * client holds a whole /64 network (a home, an office, a phone on mobile data) and its privacy addresses change
 * within it, so counting each address apart would let one client try as many passwords as it has addresses.
 */
export function throttleAddress(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const groups = expandIpv6(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** The eight groups of an IPv6 address, or null when it is not one (kept as it came). */
function expandIpv6(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const part = (text: string | undefined) => (text ? text.split(':') : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  // An embedded IPv4 tail (::ffff:… handled above, 64:ff9b::1.2.3.4) stands for two groups.
  const last = tail.at(-1) ?? head.at(-1);
  const v4 = last?.includes('.') ? 1 : 0;
  const missing = 8 - head.length - tail.length - v4;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  return groups.slice(0, 4).every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? groups : null;
}
