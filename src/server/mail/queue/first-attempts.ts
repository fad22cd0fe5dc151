import { EventEmitter } from 'node:events';
import type { DeliveryCounts } from '#shared/contracts/send';
import type { Db } from '#server/db/client';
import { listDeliveryStates } from '../deliveries-repository';
import { countDeliveries } from '../delivery-attempt';

/** What this process recorded for a delivery: sends waiting on their first attempts follow it without reading the send again. */
export interface SettledState {
  id: number;
  status: string;
  nextAttemptAt: Date;
}

/** The request side: a send waiting for the first attempts of its messages, told by the worker what it recorded. */
export interface FirstAttempts {
  /** The worker recorded `state` for a delivery of send `sendId`; without a state, something changed there unseen. */
  settled(sendId: number | null, state?: SettledState): void;
  /**
   * Waits until `deadline` (Date.now() time) until every message of the send that is due at `since` has had its
   * attempt, or `isStopping()`; then counts.
   */
  wait(sendId: number, since: Date, deadline: number, isStopping: () => boolean): Promise<DeliveryCounts>;
  close(): void;
}

/** How often a send waiting on its first attempts reads its deliveries again, for what other instances did meanwhile. */
const REREAD_MS = 250;

export function createFirstAttempts(db: Db): FirstAttempts {
  const settled = new EventEmitter();
  settled.setMaxListeners(0);
  return {
    // A message of no send (a statement's) has nobody waiting on its first attempts.
    settled: (sendId, state) => void (sendId !== null && settled.emit(String(sendId), state)),
    close: () => void settled.removeAllListeners(),
    async wait(sendId, since, deadline, isStopping) {
      // The send's deliveries as last read, kept up to date with what this process's worker records for them; read
      // again every REREAD_MS (another instance may be sending some of them), and when an outcome here was not
      // recorded as such or a claim lapsed. So a send of 50 is read a few times, not once per message.
      const states = new Map<number, { status: string; nextAttemptAt: Date }>();
      let mustRead = true;
      let lastRead = 0;
      // Recorded while a read was under way: applied again after it, in case the read saw the row before.
      let duringRead: SettledState[] | undefined;
      const onSettled = (state?: SettledState) => {
        if (!state) mustRead = true;
        else if (duringRead) duringRead.push(state);
        else if (states.has(state.id)) states.set(state.id, state);
        else mustRead = true;
      };
      settled.on(String(sendId), onSettled);
      try {
        for (;;) {
          if (mustRead || Date.now() - lastRead >= REREAD_MS) {
            mustRead = false;
            lastRead = Date.now();
            duringRead = [];
            try {
              const rows = await listDeliveryStates(db, sendId);
              states.clear();
              for (const row of rows) states.set(row.id, row);
            } finally {
              const late = duringRead;
              duringRead = undefined;
              for (const state of late) onSettled(state);
            }
          }
          const isWaiting = [...states.values()].some(
            (state) => state.status === 'sending' || (state.status === 'pending' && state.nextAttemptAt <= since),
          );
          const remaining = deadline - Date.now();
          if (!isWaiting || remaining <= 0 || isStopping()) return countDeliveries([...states.values()]);
          if (mustRead) continue;
          // Woken by this process's worker, or after a short while when another instance does the sending.
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              settled.off(String(sendId), done);
              resolve();
            };
            const timer = setTimeout(done, Math.min(remaining, Math.max(0, REREAD_MS - (Date.now() - lastRead))));
            settled.once(String(sendId), done);
          });
        }
      } finally {
        settled.off(String(sendId), onSettled);
      }
    },
  };
}
