import { createHash } from 'node:crypto';
import type { HttpClient, RawOptions, RawResponse } from '../shared/client/http.js';
import { sessionFromSetCookie } from '../shared/client/session.js';
import type { ConfigFileEntry, UpdateStatus } from './types.js';

/** The longest failure reason the agent sends (the daemon takes up to 2,000 characters in a 4 KiB form). */
const AGENT_ERROR_SENT = 1000;

/** What a long-poll of update_status answered. */
export interface PushAnswer {
  /** Whether the server honoured the wait (x-cdnctl-wait): false means it does not push. */
  pushed: boolean;
  statuses: UpdateStatus[];
  /** The status token to send back as `since`. */
  token: string | undefined;
  readTime: string | undefined;
}

/** How much longer than the wait the agent waits for the answer before calling the connection lost. */
const PUSH_GRACE_MS = 15_000;
/** How long a primed push answer stands in for a read (the pass it was primed for starts at once). */
const PRIMED_FOR_MS = 2000;

/** A failed call of the agent: the route, the status (0: the server could not be reached) and the server's words. */
export class AgentCallError extends Error {
  constructor(
    readonly what: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${what}: ${status === 0 ? detail : `HTTP ${status}${detail ? ` ${detail}` : ''}`}`);
    this.name = 'AgentCallError';
  }

  /** Whether trying again later may succeed by itself (server down or failing, session expired). */
  get transient(): boolean {
    return this.status === 0 || this.status === 401 || this.status === 429 || this.status >= 500;
  }
}

/** The first alert's text of a JSON error body, else the start of the text. */
function detailOf(res: RawResponse): string {
  try {
    const body = JSON.parse(res.text) as { alerts?: Array<{ text?: string }> };
    if (body.alerts?.[0]?.text) return body.alerts[0].text;
  } catch {
    // not JSON: plain text
  }
  return res.text.trim().split('\n')[0]?.slice(0, 200) ?? '';
}

/**
 * The routes a cache uses, as Traffic Ops 1.x served them: update_status (a bare array), the config file list
 * and each file at its apiUri, and the root check-in `POST /update/:hostname`. The session cookie the server
 * refreshes on each answer is kept.
 */
export class AgentApi {
  /** When the server took the last update_status read (its x-cdnctl-read-time): the start of the pass being run. */
  private passStartedAt: string | undefined;
  /** A push answer a pass is about to act on (prime). */
  private primed: { statuses: UpdateStatus[]; readTime: string | undefined; at: number } | undefined;
  /** The server answered that it has no whole-set route: per-file fetches from then on. */
  private noFileSet = false;
  /**
   * `relogin`, when given, starts a new session after a 401 (the agent's own credentials) and answers its
   * cookie; the refused call is then made once more.
   */
  constructor(
    private readonly http: HttpClient,
    private readonly apiVersion: string,
    private readonly relogin?: () => Promise<string>,
  ) {}

  private async send(
    what: string,
    method: 'GET' | 'POST',
    path: string,
    form?: string,
    options?: RawOptions,
  ): Promise<RawResponse> {
    let res: RawResponse;
    try {
      res = await this.http.raw(
        method,
        path,
        form === undefined ? undefined : { type: 'application/x-www-form-urlencoded', text: form },
        options,
      );
    } catch (err) {
      throw new AgentCallError(what, 0, (err as Error).message);
    }
    const session = sessionFromSetCookie(res.setCookie);
    if (session) this.http.cookie = session.cookie;
    return res;
  }

  private async call(
    what: string,
    method: 'GET' | 'POST',
    path: string,
    form?: string,
    options?: RawOptions,
  ): Promise<RawResponse> {
    let res = await this.send(what, method, path, form, options);
    if (res.status === 401 && this.relogin) {
      try {
        this.http.cookie = await this.relogin();
      } catch (err) {
        throw new AgentCallError(`${what} (session refused, new login failed)`, 401, (err as Error).message);
      }
      res = await this.send(what, method, path, form, options);
    }
    if (res.status !== 200) throw new AgentCallError(what, res.status, detailOf(res));
    return res;
  }

  private json<T>(what: string, res: RawResponse): T {
    try {
      return JSON.parse(res.text) as T;
    } catch {
      throw new AgentCallError(what, res.status, 'the answer is not JSON');
    }
  }

  async updateStatus(host: string): Promise<UpdateStatus[]> {
    const primed = this.primed;
    this.primed = undefined;
    // A push answer the loop is acting on right now: the pass starts from it, not from a second read.
    if (primed && Date.now() - primed.at <= PRIMED_FOR_MS) {
      this.passStartedAt = primed.readTime;
      return primed.statuses;
    }
    const what = 'GET update_status';
    const res = await this.call(
      what,
      'GET',
      `/api/${this.apiVersion}/servers/${encodeURIComponent(host)}/update_status`,
    );
    // The pass starts here, by the server's clock: the report says so, so that only jobs older than this read count
    // (Traffic Ops sends no such header: then the report carries none either).
    this.passStartedAt = res.readTime;
    const body = this.json<unknown>(what, res);
    if (!Array.isArray(body)) throw new AgentCallError(what, 200, 'the answer is not an array');
    return body as UpdateStatus[];
  }

  /**
   * The long-poll form of update_status (issue 32): answered once the cache's status differs from `since` (the
   * token of the last answer; none: at once), or when `waitMs` ends. `pushed` is false when the server ignored the
   * wait (Traffic Ops, an older cdnctl daemon): the caller then polls. A 404 or other refusal rejects.
   */
  async waitStatus(host: string, since: string | undefined, waitMs: number, signal?: AbortSignal): Promise<PushAnswer> {
    const what = 'GET update_status (push)';
    const query = new URLSearchParams({ wait: `${waitMs}ms`, ...(since === undefined ? {} : { since }) });
    const path = `/api/${this.apiVersion}/servers/${encodeURIComponent(host)}/update_status?${query.toString()}`;
    const res = await this.call(what, 'GET', path, undefined, { timeoutMs: waitMs + PUSH_GRACE_MS, signal });
    const body = this.json<unknown>(what, res);
    if (!Array.isArray(body)) throw new AgentCallError(what, 200, 'the answer is not an array');
    const header = (name: string) => {
      const value = res.headers?.[name];
      return typeof value === 'string' ? value : undefined;
    };
    return {
      pushed: header('x-cdnctl-wait') !== undefined,
      statuses: body as UpdateStatus[],
      token: header('x-cdnctl-status-token'),
      readTime: res.readTime,
    };
  }

  /** The next updateStatus answers this push answer (once, and only within a moment) instead of reading again. */
  prime(answer: PushAnswer): void {
    this.primed = { statuses: answer.statuses, readTime: answer.readTime, at: Date.now() };
  }

  /** The file list (Traffic Ops answered `{info, configFiles}`; a `response` envelope around it is accepted too). */
  async fileList(host: string): Promise<ConfigFileEntry[]> {
    const what = 'GET configfiles/ats';
    type Listing = { configFiles?: ConfigFileEntry[]; response?: { configFiles?: ConfigFileEntry[] } };
    const body = this.json<Listing>(
      what,
      await this.call(what, 'GET', `/api/${this.apiVersion}/servers/${encodeURIComponent(host)}/configfiles/ats`),
    );
    const files = body.configFiles ?? body.response?.configFiles;
    if (!Array.isArray(files)) throw new AgentCallError(what, 200, 'the answer lists no configFiles');
    return files;
  }

  /**
   * Every file of the cache in one request (`GET servers/:host/configfiles/ats/all`, cdnctl's daemon, issue 32),
   * each checked against its SHA-512; null when the server does not offer it (Traffic Ops, an older daemon: 404 or
   * 405), remembered so later passes go straight to the per-file fetches.
   */
  async fileSet(host: string): Promise<Map<string, string> | null> {
    if (this.noFileSet) return null;
    const what = 'GET configfiles/ats/all';
    const path = `/api/${this.apiVersion}/servers/${encodeURIComponent(host)}/configfiles/ats/all`;
    const res = await this.send(what, 'GET', path);
    if (res.status === 404 || res.status === 405) {
      this.noFileSet = true;
      return null;
    }
    // Anything else but a 200 goes the usual way: a new session after a 401, an error otherwise.
    const answer = res.status === 200 ? res : await this.call(what, 'GET', path);
    const body = this.json<{ configFiles?: Array<{ fnameOnDisk?: unknown; text?: unknown; checksum?: unknown }> }>(
      what,
      answer,
    );
    if (!Array.isArray(body.configFiles)) throw new AgentCallError(what, 200, 'the answer lists no configFiles');
    const files = new Map<string, string>();
    for (const f of body.configFiles) {
      if (typeof f.fnameOnDisk !== 'string' || typeof f.text !== 'string')
        throw new AgentCallError(what, 200, 'a file without its name or text');
      if (f.checksum !== createHash('sha512').update(f.text, 'utf8').digest('base64'))
        throw new AgentCallError(what, 200, `${f.fnameOnDisk}: the text does not match its checksum`);
      files.set(f.fnameOnDisk, f.text);
    }
    return files;
  }

  async file(entry: ConfigFileEntry): Promise<string> {
    return (await this.call(`GET ${entry.fnameOnDisk}`, 'GET', entry.apiUri)).text;
  }

  /** `POST servers/:hostname/checkin`: an idle pass's heartbeat (lastCheckIn moves, no flags are reported). */
  async heartbeat(host: string): Promise<void> {
    await this.call('POST checkin', 'POST', `/api/${this.apiVersion}/servers/${encodeURIComponent(host)}/checkin`);
  }

  /**
   * `POST /update/:hostname` with the form fields `updated` and `reval_updated` (the new pending values), and to
   * cdnctl's daemon `agent_error`: null clears the reason it keeps for the server (the pass applied), a text
   * records it (issue 32); undefined sends nothing.
   */
  async report(
    host: string,
    flags: { updated: boolean; reval_updated: boolean },
    agentError?: string | null,
  ): Promise<void> {
    const fields: Record<string, string> = {
      updated: String(flags.updated),
      reval_updated: String(flags.reval_updated),
    };
    // When the pass read update_status (ORT sent no such field): cdnctl's daemon counts a job applied only by a pass
    // that read after it existed, and lowers a flag only when the pass read after its last raise, so a purge or a
    // queue entered during this pass stays pending for the next one (issues 32/33).
    if (this.passStartedAt) fields.reval_started = this.passStartedAt;
    if (this.passStartedAt && agentError !== undefined)
      fields.agent_error = (agentError ?? '').slice(0, AGENT_ERROR_SENT);
    const form = new URLSearchParams(fields).toString();
    await this.call('POST /update', 'POST', `/update/${encodeURIComponent(host)}`, form);
  }

  /**
   * Tells cdnctl's daemon why the pass applied nothing: the flags as the pass read them (nothing lowered) and
   * `agent_error`. Traffic Ops keeps no such reason, and a check-in without a read time could lower a flag raised
   * since the read: to a server that does not stamp its reads (x-cdnctl-read-time) nothing is sent (answers false).
   */
  async reportFailure(
    host: string,
    asRead: { updated: boolean; reval_updated: boolean },
    reason: string,
  ): Promise<boolean> {
    if (!this.passStartedAt) return false;
    await this.report(host, asRead, reason);
    return true;
  }
}
