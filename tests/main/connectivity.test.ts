import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Connectivity } from '@contract/ipc';
import { ConnectivityMonitor, hasNetworkInterface } from '../../main/src/connectivity';
import { startFakeApi, type FakeApi } from './support/fake-api';

let api: FakeApi;
let monitor: ConnectivityMonitor | null = null;

beforeEach(async () => {
  api = await startFakeApi();
});
afterEach(async () => {
  monitor?.stop();
  await api.close();
});

describe('connectivity', () => {
  it('reads the network from interfaces without DNS', () => {
    const lo = { address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' } as const;
    const linkLocal = { address: 'fe80::1', netmask: 'ffff::', family: 'IPv6', mac: '02:00:00:00:00:01', internal: false, cidr: 'fe80::1/64', scopeid: 2 } as const;
    const lan = { address: '192.168.1.20', netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:01', internal: false, cidr: '192.168.1.20/24' } as const;
    expect(hasNetworkInterface({ lo: [lo] })).toBe(false);
    expect(hasNetworkInterface({ lo: [lo], eth0: [linkLocal] })).toBe(false);
    expect(hasNetworkInterface({ lo: [lo], eth0: [linkLocal, lan] })).toBe(true);
  });

  it('checks /healthz and says so at once when the server goes away and comes back', async () => {
    let up = true;
    api.routes.set('GET /healthz', () => (up ? { json: { ok: true } } : 'drop'));
    let network = true;
    monitor = new ConnectivityMonitor({ serverUrl: api.url, isNetworkUp: () => network, intervalMs: 60_000, retryIntervalMs: 60_000 });
    const changes: Connectivity[] = [];
    monitor.onDidChange((state) => changes.push(state));

    await monitor.start();
    expect(monitor.get()).toMatchObject({ network: true, server: true });
    expect(changes).toHaveLength(1);

    await monitor.checkNow();
    expect(changes).toHaveLength(1);

    up = false;
    await monitor.checkNow();
    expect(changes.at(-1)).toMatchObject({ network: true, server: false });

    network = false;
    await monitor.checkNow();
    expect(changes.at(-1)).toMatchObject({ network: false, server: false });

    up = true;
    network = true;
    await monitor.checkNow();
    expect(changes.at(-1)).toMatchObject({ network: true, server: true });
    expect(changes).toHaveLength(4);
  });

  it('polls faster after a failure', async () => {
    let healthChecks = 0;
    api.routes.set('GET /healthz', () => {
      healthChecks += 1;
      return { status: 503, json: { ok: false } };
    });
    monitor = new ConnectivityMonitor({ serverUrl: api.url, intervalMs: 60_000, retryIntervalMs: 20 });
    await monitor.start();
    await expect.poll(() => healthChecks, { timeout: 2_000 }).toBeGreaterThanOrEqual(3);
    expect(monitor.get().server).toBe(false);
  });
});
