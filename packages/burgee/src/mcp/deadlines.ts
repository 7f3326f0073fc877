/** A call's place in the queue; `cancel` takes it out once the call has ended in time. */
export type Deadline = { cancel(): void };

/**
 * The per-call timeouts of one server on a single timer. Every call gets the same limit, so calls
 * fall due in the order they started: the timer waits for the oldest one only, and a call that
 * ends in time just leaves the queue. The timer fires about once per limit, instead of being armed
 * and cleared on every call of a busy server.
 */
export class Deadlines {
  /** In start order, which is also due order (a Set iterates in insertion order). */
  private readonly queue = new Set<Entry>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly limitMs: number) {}

  /** Calls `expire` once `limitMs` has passed, unless the deadline is cancelled first. */
  add(expire: () => void): Deadline {
    const entry = new Entry(this, performance.now() + this.limitMs, expire);
    this.queue.add(entry);
    if (this.timer === undefined) this.arm(this.limitMs);
    // Only a waiting call holds the process open: the answer it owes must still be sent.
    else if (this.queue.size === 1) this.timer.ref();
    return entry;
  }

  /** Takes a call that ended in time out of the queue. */
  remove(entry: Entry): void {
    if (this.queue.delete(entry) && this.queue.size === 0) this.timer?.unref();
  }

  private arm(ms: number): void {
    this.timer = setTimeout(this.fire, ms);
  }

  private readonly fire = (): void => {
    this.timer = undefined;
    const now = performance.now();
    for (const entry of this.queue) {
      // Timers may fire up to a millisecond early; never cut a call short of its limit.
      if (entry.due > now) {
        this.arm(Math.ceil(entry.due - now));
        return;
      }
      this.queue.delete(entry);
      entry.expire();
    }
  };
}

/** One call's place in the queue. */
class Entry implements Deadline {
  constructor(
    private readonly deadlines: Deadlines,
    readonly due: number,
    readonly expire: () => void,
  ) {}

  cancel(): void {
    this.deadlines.remove(this);
  }
}
