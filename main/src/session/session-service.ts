import { ErrorCode } from '@contract/errors';
import { type User } from '@contract/api';
import { type Envelope } from '@contract/envelope';
import { type SessionState } from '@contract/ipc';
import { type ApiClient, SESSION_ENDING_CODES } from '../api/api-client';
import { type EventHub } from '../events';
import { type Logger, silentLogger } from '../logger';
import { type SecretStore } from './secret-store';
import { type SessionMemo, tokenDigest } from './session-memo';

export interface SessionServiceOptions {
  readonly api: ApiClient;
  readonly secrets: SecretStore;
  readonly events: EventHub;
  /** How long the restore at start waits for the server before treating it as unreachable. */
  readonly restoreTimeoutMs?: number;
  readonly log?: Logger;
  /**
   * Who the kept token was last confirmed for: lets the console open offline as that operator
   * (issue 14). Without it, a start without a server shows the sign-in page as before.
   */
  readonly memo?: SessionMemo;
  /**
   * Called when what this machine keeps of an operator must go: on their sign-out, and when a
   * different operator signs in than the one remembered (the media previews kept on disk).
   */
  readonly onForgetOperator?: () => void;
}

interface LoginData {
  readonly token: string;
  readonly user: User;
}

/**
 * The operator's session as main keeps it: the token in the SecretStore, the user in memory.
 *
 * The renderer only ever sees the user and where the token is kept. At start the token is checked
 * with `auth.me`; when the server cannot be reached the token is kept and the check is repeated once
 * connectivity returns (`retryRestore`), so an operator who starts the console offline is not
 * signed out. While it cannot be checked, the operator the token was last confirmed for (the memo)
 * is answered with `unconfirmed: true`, and the console opens on their kept data (issue 14). Every
 * change is pushed as `session.changed`.
 */
export class SessionService {
  private user: User | null = null;
  /** The user comes from the memo and the server has not confirmed the session yet. */
  private unconfirmed = false;
  /** Whether the stored token (if any) has been confirmed or refused by the server. */
  private settled = false;
  private restoring: Promise<void> | null = null;
  /** Bumped by sign-in and sign-out so that a restore that started earlier cannot undo them. */
  private generation = 0;
  private readonly log: Logger;

  constructor(private readonly options: SessionServiceOptions) {
    this.log = options.log ?? silentLogger;
  }

  /** The current state, once the token found at start has been checked (or found unreachable). */
  async get(): Promise<SessionState> {
    // An operator already working on kept data (unconfirmed) is answered at once; the check with
    // the server goes on behind (a server that hangs would otherwise hold every window's start).
    if (!this.settled && this.unconfirmed) void this.restore();
    else if (!this.settled) await this.restore();
    return this.state();
  }

  /**
   * Signs in with `auth.login`, keeps the token and answers the user. The reply is the server's
   * envelope with the token taken out, so a refusal (wrong password, too many attempts) reaches
   * the renderer with its code and field errors.
   */
  async signIn(credentials: { readonly email: string; readonly password: string }): Promise<Envelope<User>> {
    const reply = await this.options.api.request('auth.login', { body: credentials }, { retry: false });
    if (reply.code !== ErrorCode.Success) return reply as Envelope<User>;
    const data = reply.data as LoginData;
    this.generation += 1;
    const remembered = this.options.memo?.read() ?? null;
    if (remembered && remembered.user.id !== data.user.id) this.options.onForgetOperator?.();
    await this.options.secrets.set(data.token);
    this.options.memo?.write({ tokenDigest: tokenDigest(data.token), user: data.user });
    this.settled = true;
    this.unconfirmed = false;
    this.setUser(data.user, true);
    return { code: reply.code, message: reply.message, data: data.user };
  }

  /**
   * Ends the session on the server (best effort: an unreachable server must not keep the operator
   * signed in on this machine) and removes the token from the keychain.
   */
  async signOut(): Promise<SessionState> {
    this.generation += 1;
    if (await this.options.secrets.get()) {
      const reply = await this.options.api.request('auth.logout', undefined, { retry: false, timeoutMs: this.options.restoreTimeoutMs ?? 5_000 });
      if (reply.code !== ErrorCode.Success && !SESSION_ENDING_CODES.has(reply.code)) {
        this.log.warn(`Server sign-out answered ${reply.code}; the token is removed locally anyway`);
      }
    }
    await this.options.secrets.delete();
    this.options.memo?.clear();
    this.options.onForgetOperator?.();
    this.settled = true;
    this.unconfirmed = false;
    this.setUser(null, true);
    return this.state();
  }

  /** Called by the API client after the server ended the session (the token is already gone). */
  sessionEnded(code: number): void {
    this.log.info(`Session ended by the server (${code})`);
    this.generation += 1;
    this.settled = true;
    this.unconfirmed = false;
    this.setUser(null, false);
  }

  /** Finishes a restore that failed for lack of a server; called when the server answers again. */
  async retryRestore(): Promise<void> {
    if (!this.settled) await this.restore();
  }

  state(): SessionState {
    return { user: this.user, persistence: this.options.secrets.persistence, ...(this.unconfirmed ? { unconfirmed: true } : {}) };
  }

  private restore(): Promise<void> {
    this.restoring ??= this.runRestore().finally(() => {
      this.restoring = null;
    });
    return this.restoring;
  }

  private async runRestore(): Promise<void> {
    const generation = this.generation;
    const token = await this.options.secrets.get();
    if (!token) {
      if (generation === this.generation) this.settled = true;
      return;
    }
    const reply = await this.options.api.request('auth.me', undefined, { retry: false, timeoutMs: this.options.restoreTimeoutMs ?? 5_000 });
    if (generation !== this.generation) return;
    if (reply.code === ErrorCode.Success) {
      this.settled = true;
      const user = reply.data as User;
      this.options.memo?.write({ tokenDigest: tokenDigest(token), user });
      const wasUnconfirmed = this.unconfirmed;
      this.unconfirmed = false;
      this.setUser(user, wasUnconfirmed);
    } else if (SESSION_ENDING_CODES.has(reply.code) || reply.code === ErrorCode.Unauthorized) {
      // The API client already dropped a refused token; an "unauthorized" answer means the same.
      this.settled = true;
      await this.options.secrets.delete();
      this.options.memo?.clear();
      const wasUnconfirmed = this.unconfirmed;
      this.unconfirmed = false;
      this.setUser(null, wasUnconfirmed);
    } else {
      // Unreachable, timed out or failing server: keep the token and check again later rather
      // than signing the operator out because of a network or server hiccup. Meanwhile the
      // operator the token was last confirmed for works on their kept data.
      this.log.info(`Session check at start answered ${reply.code}; it will be repeated`);
      const remembered = this.options.memo?.read() ?? null;
      if (this.user === null && remembered && remembered.tokenDigest === tokenDigest(token)) {
        this.unconfirmed = true;
        this.setUser(remembered.user, true);
      }
    }
  }

  private setUser(user: User | null, always: boolean): void {
    const changed = JSON.stringify(user) !== JSON.stringify(this.user);
    this.user = user;
    if (changed || always) this.options.events.emit('session.changed', this.state());
  }
}
