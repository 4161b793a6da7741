import { describe, expect, it, vi } from 'vitest';
import {
  createConnectivityStore,
  initialConnectivity,
  offlineReason,
  reduceConnectivity,
} from '../../renderer/src/connectivity/connectivity-state';

describe('connectivity', () => {
  it('starts online', () => {
    expect(offlineReason(initialConnectivity)).toBeNull();
  });

  it('goes offline at once on the browser offline event, and back online', () => {
    const offline = reduceConnectivity(initialConnectivity, { type: 'browser', online: false });
    expect(offlineReason(offline)).toBe('network');
    expect(offlineReason(reduceConnectivity(offline, { type: 'browser', online: true }))).toBeNull();
  });

  it('follows main’s reports: no network, then no server', () => {
    expect(offlineReason(reduceConnectivity(initialConnectivity, { type: 'main', network: false, server: false }))).toBe('network');
    expect(offlineReason(reduceConnectivity(initialConnectivity, { type: 'main', network: true, server: false }))).toBe('server');
  });

  it('marks the server unreachable after a 1001 call until main or a call says otherwise', () => {
    const failed = reduceConnectivity(initialConnectivity, { type: 'call', reachable: false });
    expect(offlineReason(failed)).toBe('server');
    expect(offlineReason(reduceConnectivity(failed, { type: 'main', network: true, server: true }))).toBeNull();
    expect(offlineReason(reduceConnectivity(failed, { type: 'call', reachable: true }))).toBeNull();
  });

  it('keeps the same state object when nothing changes, so subscribers are not woken', () => {
    expect(reduceConnectivity(initialConnectivity, { type: 'browser', online: true })).toBe(initialConnectivity);
    expect(reduceConnectivity(initialConnectivity, { type: 'main', network: true, server: true })).toBe(initialConnectivity);
    const store = createConnectivityStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({ type: 'call', reachable: true });
    expect(listener).not.toHaveBeenCalled();
    store.dispatch({ type: 'call', reachable: false });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
