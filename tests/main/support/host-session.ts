import { request as httpRequest } from 'node:http';
import { HOST_PAGE_KEY_FRAGMENT, HOST_PAGE_KEY_HEADER } from '@contract/ipc';
import { type RunningHost } from '../../../main/src/host/host-server';

/** What a browser holds after opening a launch link: the cookie header and the page key. */
export interface HostSession {
  /** `name=value`, ready for a Cookie header. */
  readonly cookie: string;
  readonly pageKey: string;
  /** Both, as the page's requests carry them. */
  readonly headers: Record<string, string>;
}

/** Opens the host's current launch link as a browser would, and keeps what it hands out. */
export function redeemLaunch(host: RunningHost): Promise<HostSession> {
  const url = new URL(host.launchUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: host.port, path: `${url.pathname}${url.search}`, headers: { host: `127.0.0.1:${host.port}` } }, (res) => {
      res.resume();
      const setCookie = res.headers['set-cookie']?.[0] ?? '';
      const location = res.headers.location ?? '';
      const pageKey = new URLSearchParams(location.split('#')[1] ?? '').get(HOST_PAGE_KEY_FRAGMENT);
      if (res.statusCode !== 302 || !setCookie || !pageKey) {
        reject(new Error(`the launch link answered ${res.statusCode}`));
        return;
      }
      const cookie = setCookie.split(';')[0]!;
      resolve({ cookie, pageKey, headers: { cookie, [HOST_PAGE_KEY_HEADER]: pageKey } });
    });
    req.on('error', reject);
    req.end();
  });
}
