import type { AppContext } from '../../context.js';
import { mailToken } from './mail-token.js';
import type { Store } from '../../store/index.js';
import { passwordResetMessage } from './messages.js';

/** Reset mails one mailbox may get per hour; further requests for it are recorded and dropped. */
export const RESET_MAILS_PER_HOUR = 3;
const HOUR_MS = 3600_000;
const BATCH = 20;

/**
 * Sends the password-reset mails of recorded requests, one after another, off the request's path: the request
 * answers once it has recorded the address, so its time tells nothing about the account (the lookup, the token
 * and the mail happen here). A mailbox gets at most RESET_MAILS_PER_HOUR mails; each mail's token is new and the
 * earlier unused ones stay valid until they expire or one is used.
 */
export class ResetMailQueue {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Processes what is recorded, now or right after the run in progress. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves once every request recorded so far has been processed (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      let batch;
      try {
        batch = await this.ctx.store.resetRequests.take(BATCH);
      } catch (err) {
        this.onError(err);
        return;
      }
      if (batch.length === 0) return;
      for (const request of batch) {
        try {
          await this.send(request.email);
        } catch (err) {
          this.onError(err);
        }
      }
    }
  }

  private async send(email: string): Promise<void> {
    const user = await this.ctx.store.users.byEmail(email);
    if (!user || user.privLevel <= 0) return;
    const now = this.ctx.clock();
    if ((await this.ctx.store.resetRequests.tokensSince(user.id, now - HOUR_MS)) >= RESET_MAILS_PER_HOUR) return;
    const { token, link, grant } = mailToken(this.ctx, now);
    await this.ctx.mailer.send(passwordResetMessage({ to: user.email, link, token }));
    await this.ctx.store.users.savePasswordReset(user.id, grant, now);
  }
}

const queues = new WeakMap<Store, ResetMailQueue>();

/** The reset mail queue of a store (one per daemon), made on first use. */
export function resetMailQueue(ctx: AppContext, onError: (err: unknown) => void = () => undefined): ResetMailQueue {
  let queue = queues.get(ctx.store);
  if (!queue) {
    queue = new ResetMailQueue(ctx, onError);
    queues.set(ctx.store, queue);
  }
  return queue;
}

/** The queue of `store`, if a daemon made one: tests wait on it with `idle()`. */
export const resetMailQueueOf = (store: Store): ResetMailQueue | undefined => queues.get(store);
