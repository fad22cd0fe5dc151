/**
 * Runs maintenance work of one process one piece at a time: a backup never sees retention delete a file that the
 * database copy it has already taken still refers to.
 */
export function createMaintenanceLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      const result = tail.then(work, work);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

export type MaintenanceLock = ReturnType<typeof createMaintenanceLock>;
