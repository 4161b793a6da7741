import { isIP } from 'node:net';

/**
 * Whether a URL's host is this machine: `localhost`, 127.0.0.0/8, ::1 (or ::ffff:127.x.y.z).
 *
 * Plain http is accepted only there: on loopback nothing crosses a network, so neither a bearer
 * token nor a release download can be read or changed on the way; anywhere else it must be https.
 * Names other than `localhost` are not resolved: a name that resolves to 127.0.0.1 today may not
 * tomorrow.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.split('.')[0] === '127';
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host) || /^::ffff:7f[0-9a-f]{2}:/.test(host);
  return false;
}

/** Whether a URL may carry secrets or code: https anywhere, http only on loopback. */
export function isSecureOrLoopback(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}
