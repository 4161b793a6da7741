import { networkInterfaces } from 'node:os';
import { type Connectivity } from '@contract/ipc';

/**
 * Whether the machine has a usable network interface, without any DNS lookup (which can hang for
 * seconds offline): any non-internal IPv4 address or non-link-local IPv6 address counts.
 */
export function hasNetworkInterface(interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces()): boolean {
  return Object.values(interfaces).some((list) =>
    (list ?? []).some((address) => !address.internal && (address.family === 'IPv4' || !address.address.toLowerCase().startsWith('fe80:'))),
  );
}

export interface ConnectivityOptions {
  readonly serverUrl: string;
  /** The network check; the desktop app passes Electron's `net.isOnline`. */
  readonly isNetworkUp?: () => boolean;
  /** Time between health checks while the server answers. */
  readonly intervalMs?: number;
  /** Time between health checks after a failure, so recovery is noticed quickly. */
  readonly retryIntervalMs?: number;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** Sent as `User-Agent` with the health checks, as the API client does. */
  readonly userAgent?: string;
  readonly now?: () => Date;
}

type Listener = (state: Connectivity) => void;

/**
 * Watches the network and the API server, and says so at once when either changes.
 *
 * Staff work offline and must be warned when they lose the connection, so the server's `/healthz`
 * is polled every few seconds (faster after a failure) and any API call that could not reach the
 * server asks for an immediate check (`checkNow`). Listeners hear only changes, not every poll.
 */
export class ConnectivityMonitor {
  private state: Connectivity;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private inFlight: Promise<Connectivity> | null = null;
  private readonly listeners = new Set<Listener>();
  private healthUrl: string;

  constructor(private readonly options: ConnectivityOptions) {
    this.healthUrl = options.serverUrl.replace(/\/+$/, '') + '/healthz';
    this.state = { network: this.networkUp(), server: false, checkedAt: this.now() };
  }

  get(): Connectivity {
    return this.state;
  }

  onDidChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Watches the server at a new address (the embedded server moved to another port), checking at once. */
  setServerUrl(serverUrl: string): void {
    this.healthUrl = serverUrl.replace(/\/+$/, '') + '/healthz';
    if (this.running) void this.checkNow();
  }

  /** Starts polling with an immediate first check. */
  start(): Promise<Connectivity> {
    this.running = true;
    return this.checkNow();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Checks now (joining a check already under way) and reschedules the next one. */
  checkNow(): Promise<Connectivity> {
    this.inFlight ??= this.check().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async check(): Promise<Connectivity> {
    const network = this.networkUp();
    const server = await this.serverAnswers();
    const previous = this.state;
    this.state = { network, server, checkedAt: this.now() };
    if (previous.network !== network || previous.server !== server) {
      for (const listener of [...this.listeners]) listener(this.state);
    }
    this.schedule(server ? (this.options.intervalMs ?? 5_000) : (this.options.retryIntervalMs ?? 1_000));
    return this.state;
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.checkNow(), ms);
    this.timer.unref();
  }

  private networkUp(): boolean {
    try {
      return (this.options.isNetworkUp ?? hasNetworkInterface)();
    } catch {
      return false;
    }
  }

  private async serverAnswers(): Promise<boolean> {
    try {
      const response = await (this.options.fetch ?? globalThis.fetch)(this.healthUrl, {
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 3_000),
        redirect: 'error',
        ...(this.options.userAgent ? { headers: { 'User-Agent': this.options.userAgent } } : {}),
      });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  }

  private now(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }
}
