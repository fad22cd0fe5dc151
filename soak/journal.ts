/** What one HTTP request of a simulated user came to. */
export interface RequestRecord {
  /** ms since the epoch. */
  startedAt: number;
  endedAt: number;
  instance: string;
  /** 'PATCH /api/prospecting-drafts/:cardId' */
  route: string;
  /** The HTTP status, or 'timeout' (no answer within the client's timeout) or 'connection' (refused or cut). */
  outcome: number | 'timeout' | 'connection';
  retryAfter: string | null;
  /** The `message` of a JSON error answer. */
  message: string | null;
}

/** A fault as it happened: from its start until the thing that failed is back. */
export interface FaultWindow {
  name: string;
  startedAt: number;
  endedAt: number;
  /** The instance a kill concerned (its connection errors belong to the fault). */
  instance?: string;
}

export class Journal {
  readonly requests: RequestRecord[] = [];
  readonly faults: FaultWindow[] = [];

  record(entry: RequestRecord) {
    this.requests.push(entry);
  }

  /** A fault begins now; `close` it when what failed is back. */
  open(name: string, instance?: string): FaultWindow {
    const window: FaultWindow = { name, startedAt: Date.now(), endedAt: Number.POSITIVE_INFINITY, instance };
    this.faults.push(window);
    return window;
  }

  close(window: FaultWindow) {
    window.endedAt = Date.now();
  }
}
