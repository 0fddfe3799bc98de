// Group commit: a request is answered only after its event is committed, and every request waiting at the
// same moment shares one write. While one batch is being written, the calls arriving meanwhile gather for
// the next, so the batch grows with the load by itself: no timer holds a batch back (waiting while the
// writer is idle would only add latency), and a busy writer makes the next batch larger.

export class GroupCommit {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  /** `write` writes everything recorded so far in one transaction. */
  constructor(private readonly write: () => Promise<void>) {}

  /**
   * Resolves once everything recorded before the call is committed; rejects when that write failed (then
   * none of it is stored, and every caller of that batch gets the error).
   */
  commit(): Promise<void> {
    if (!this.running) {
      this.running = this.write().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // The running batch was cut before this call: wait for it, then write the next one.
    this.queued ??= this.running
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.commit();
      });
    return this.queued;
  }
}
