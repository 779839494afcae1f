// The dispatcher's one waiting place: it waits for a condition (a free slot, the last row in
// flight finished), and whatever may change that condition (a row finished, a stop) wakes it.
// A wake with no one waiting is dropped: the waiter checks its condition before each wait.
export class Wake {
  private waiter?: () => void;

  /** Resolves once `ready()` holds, checked now and after each wake(). One waiter at a time. */
  async until(ready: () => boolean): Promise<void> {
    while (!ready()) await new Promise<void>((r) => (this.waiter = r));
  }

  wake(): void {
    const w = this.waiter;
    this.waiter = undefined;
    w?.();
  }
}
