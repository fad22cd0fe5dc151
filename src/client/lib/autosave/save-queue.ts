/** 'refused': nothing waits, but a change the server refused for good has not been saved since (see `refusal`). */
export type SaveStatus = 'saved' | 'saving' | 'retrying' | 'failing' | 'refused';

export interface SaveQueueOptions {
  /** Delays before each retry of a failed save; after the last one it keeps retrying at that pace. */
  retryDelaysMs?: number[];
  /** Failures in a row after which the user is told. */
  failuresBeforeWarning?: number;
  /** Whether a failed save is worth trying again (default: every failure is); one that is not is dropped. */
  isRetryable?(error: unknown): boolean;
  /** `refusal` is why the latest refused change was refused, while one is unmended (see `refusal`). */
  onStatus?(status: SaveStatus, refusal: unknown): void;
  onWarning?(): void;
  /** A save of this key reached the server. */
  onSaved?(key: string): void;
  /** A save failed in a way retrying will not mend: its work is dropped. */
  onGiveUp?(key: string, error: unknown): void;
}

interface Entry {
  timer: ReturnType<typeof setTimeout> | null;
  running: Promise<void> | null;
  /** Set when a change arrives while the save runs: save again once it ends. */
  again: boolean;
  failures: number;
  run: () => Promise<void>;
}

/**
 * The autosave engine of every screen that saves as the user types (the send page, the vendor modal): debounced,
 * retried saves by key. One save per key runs at a time; changes made meanwhile are saved right after. A failed save
 * keeps its work and retries with back-off, so nothing typed is dropped while the server is away.
 */
export class SaveQueue {
  private entries = new Map<string, Entry>();
  /** Keys whose last settled save was given up, with the error: their change is not on the server. */
  private refused = new Map<string, unknown>();
  private warned = false;
  private readonly retryDelaysMs: number[];
  private readonly failuresBeforeWarning: number;

  constructor(private readonly options: SaveQueueOptions = {}) {
    this.retryDelaysMs = options.retryDelaysMs ?? [1000, 2000, 4000, 8000, 15000];
    this.failuresBeforeWarning = options.failuresBeforeWarning ?? 3;
  }

  /** Runs `run` after `delayMs` of quiet for this key (a later schedule of the same key replaces it). */
  schedule(key: string, run: () => Promise<void>, delayMs: number): void {
    const entry = this.entries.get(key) ?? { timer: null, running: null, again: false, failures: 0, run };
    entry.run = run;
    this.entries.set(key, entry);
    if (entry.timer) clearTimeout(entry.timer);
    if (entry.running) {
      entry.again = true;
      entry.timer = null;
    } else {
      entry.timer = setTimeout(() => void this.start(key), delayMs);
    }
    this.report();
  }

  /** Forgets a key's pending save and its refused change (its card was removed). */
  cancel(key: string): void {
    const entry = this.entries.get(key);
    const wasRefused = this.refused.delete(key);
    if (!entry) {
      if (wasRefused) this.report();
      return;
    }
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    entry.again = false;
    if (!entry.running) this.entries.delete(key);
    this.report();
  }

  /** Starts every waiting save now and resolves when all have finished once. */
  async flush(): Promise<void> {
    const keys = [...this.entries.keys()];
    await Promise.all(
      keys.map((key) => {
        const entry = this.entries.get(key)!;
        if (entry.timer) {
          clearTimeout(entry.timer);
          entry.timer = null;
          return this.start(key);
        }
        return entry.running ?? Promise.resolve();
      }),
    );
  }

  get hasPending(): boolean {
    return this.entries.size > 0;
  }

  /** Why the latest refused change that no later save of its key mended was refused. */
  get refusal(): unknown {
    return [...this.refused.values()].at(-1);
  }

  status(): SaveStatus {
    const entries = [...this.entries.values()];
    if (entries.length === 0) return this.refused.size > 0 ? 'refused' : 'saved';
    const worst = Math.max(...entries.map((entry) => entry.failures));
    if (worst >= this.failuresBeforeWarning) return 'failing';
    return worst > 0 ? 'retrying' : 'saving';
  }

  private start(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry) return Promise.resolve();
    entry.timer = null;
    entry.again = false;
    entry.running = entry
      .run()
      .then(
        () => {
          entry.failures = 0;
          entry.running = null;
          this.refused.delete(key);
          this.options.onSaved?.(key);
          if (entry.again) {
            entry.timer = setTimeout(() => void this.start(key), 0);
          } else {
            this.entries.delete(key);
          }
        },
        (error: unknown) => {
          entry.running = null;
          if (this.options.isRetryable && !this.options.isRetryable(error)) {
            this.giveUp(key, entry, error);
            return;
          }
          entry.failures++;
          const delay = this.retryDelaysMs[Math.min(entry.failures - 1, this.retryDelaysMs.length - 1)]!;
          entry.timer = setTimeout(() => void this.start(key), delay);
          if (entry.failures >= this.failuresBeforeWarning && !this.warned) {
            this.warned = true;
            this.options.onWarning?.();
          }
        },
      )
      .finally(() => this.report());
    this.report();
    return entry.running;
  }

  /** Drops the failed save; a change that came in meanwhile is still saved. */
  private giveUp(key: string, entry: Entry, error: unknown) {
    entry.failures = 0;
    // Deleted first so the latest refusal is the last entry.
    this.refused.delete(key);
    this.refused.set(key, error);
    if (entry.again) {
      entry.timer = setTimeout(() => void this.start(key), 0);
    } else {
      this.entries.delete(key);
    }
    this.options.onGiveUp?.(key, error);
  }

  private report() {
    const status = this.status();
    if (this.entries.size === 0) this.warned = false;
    this.options.onStatus?.(status, this.refusal);
  }
}
