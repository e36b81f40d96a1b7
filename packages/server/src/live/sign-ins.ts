import type { FastifyBaseLogger } from 'fastify';
import { signInStatesOf } from '../auth/access';
import type { Db } from '../db';

/**
 * How often a process checks that the sign-ins of its open streams still hold: a stream ends at most about
 * this long after its sign-in does (openapi.yaml's /events promises 5 seconds).
 */
export const SIGN_IN_CHECK_MS = 2_000;

/** An open stream, as the sign-in it was opened with. */
export interface SignedInStream {
  readonly userId: string;
  /** users.token_version of the token that opened it. */
  readonly tokenVersion: number;
  /** Ends the stream (the client reconnects, and its token is checked again). */
  end(): void;
}

/**
 * Ends the open streams of a process whose sign-in has ended since they opened: a password change or reset
 * (token_version bumped, which ends every token issued before), an account that is no longer registered
 * or no longer exists. Authentication checks a token once, when the stream opens; without this an old
 * token's stream kept hearing the group's changes until LIVE_STREAM_SECONDS ran out. While any stream is
 * open, one query every SIGN_IN_CHECK_MS for the whole process reads the people of all its streams,
 * whatever their number (never one query per stream).
 */
export class SignInWatch {
  private readonly streams = new Set<SignedInStream>();
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly everyMs = SIGN_IN_CHECK_MS,
  ) {}

  /** Watches a stream until the function it answers is called (when the stream ends). */
  watch(stream: SignedInStream): () => void {
    this.streams.add(stream);
    if (!this.timer) {
      this.timer = setInterval(() => {
        // A slow check is not doubled up: the next tick after it ends checks again.
        this.checking ??= this.check()
          .catch((err: unknown) => this.log.warn({ err }, 'live streams: checking sign-ins failed'))
          .finally(() => {
            this.checking = null;
          });
      }, this.everyMs);
      this.timer.unref();
    }
    return () => {
      this.streams.delete(stream);
      if (this.streams.size === 0) this.stop();
    };
  }

  /** One check: ends every stream whose sign-in no longer holds. */
  async check(): Promise<void> {
    // Only the streams open before the read are judged by it: a stream opened meanwhile may carry a newer
    // token than the read saw (the next check judges it).
    const watched = [...this.streams];
    if (watched.length === 0) return;
    const people = [...new Set(watched.map((s) => s.userId))];
    const states = new Map((await signInStatesOf(this.db, people)).map((s) => [s.id, s]));
    for (const stream of watched) {
      if (!this.streams.has(stream)) continue; // ended meanwhile
      const state = states.get(stream.userId);
      if (!state?.registered || state.token_version !== stream.tokenVersion) stream.end();
    }
  }

  /** Stops checking (the server is closing; its streams are ended by the hub). */
  async close(): Promise<void> {
    this.stop();
    this.streams.clear();
    await this.checking;
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
