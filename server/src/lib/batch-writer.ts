/**
 * Writes with one statement at a time: items that arrive while a write runs go together in the next
 * one. Alone, an item is written at once; under load (many orders placed at the same moment) one
 * statement and one commit carry the items of many callers. `add` resolves with the item's own result
 * once it is written, and rejects if it could not be: when a shared write fails, each caller's item is
 * tried again alone, so only the callers whose own item fails are rejected.
 */
export class BatchWriter<T, R> {
  private queue: { item: T; done: (err: unknown, result?: R) => void }[] = [];
  private writing = false;

  constructor(
    /** Writes the items in one statement; answers one result per item, in their order. */
    private readonly write: (items: T[]) => Promise<R[]>,
    /** How much of a batch an item takes (e.g. its rows), and the most one write may carry. */
    private readonly limit: { weight: (item: T) => number; max: number } = { weight: () => 1, max: 1000 },
  ) {}

  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        item,
        done: (err, result) => (err === undefined ? resolve(result as R) : reject(err)),
      });
      if (!this.writing) void this.drain();
    });
  }

  private async drain() {
    this.writing = true;
    while (this.queue.length > 0) {
      const batch = this.takeBatch();
      try {
        const results = await this.write(batch.map((b) => b.item));
        for (const [i, b] of batch.entries()) b.done(undefined, results[i]);
      } catch (err) {
        if (batch.length === 1) batch[0]!.done(err ?? new Error('batch write failed'));
        // One caller's bad item must not cost the others theirs: each goes again on its own.
        else
          for (const b of batch)
            await this.write([b.item]).then(
              ([result]) => b.done(undefined, result),
              (e: unknown) => b.done(e ?? new Error('write failed')),
            );
      }
    }
    this.writing = false;
  }

  /** The waiting callers whose items fit in one write (always at least one). */
  private takeBatch() {
    const { weight, max } = this.limit;
    let total = 0;
    let n = 0;
    while (n < this.queue.length && (n === 0 || total + weight(this.queue[n]!.item) <= max)) {
      total += weight(this.queue[n]!.item);
      n++;
    }
    return this.queue.splice(0, n);
  }
}
