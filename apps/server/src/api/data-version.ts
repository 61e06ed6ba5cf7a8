import type { Queryable } from '@bahi/market-data/db';

/**
 * The data set's version, read from the data_version row at most once per `refreshMs`, so a
 * load in another process reaches this one's caches within that time.
 */
export class DataVersion {
  private value = -1;
  private readAt = 0;
  private pending: Promise<number> | null = null;
  private readonly listeners: ((version: number) => void)[] = [];

  constructor(
    private readonly db: Queryable,
    private readonly refreshMs = 2_000,
  ) {}

  /** The version if it was read within `refreshMs`, without waiting; else undefined. */
  peek(now = Date.now()): number | undefined {
    return this.value >= 0 && now - this.readAt < this.refreshMs ? this.value : undefined;
  }

  async current(now = Date.now()): Promise<number> {
    if (this.value >= 0 && now - this.readAt < this.refreshMs) return this.value;
    this.pending ??= this.read(now).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Calls `listener` with each version read that differs from the one before (the first too). */
  onChange(listener: (version: number) => void): void {
    this.listeners.push(listener);
  }

  /** Forces the next call to re-read (after a load in this process). */
  invalidate(): void {
    this.readAt = 0;
  }

  private async read(now: number): Promise<number> {
    const { rows } = await this.db.query<{ version: number }>(
      'SELECT version FROM data_version WHERE id = 1',
    );
    const before = this.value;
    this.value = Number(rows[0]?.version ?? 0);
    this.readAt = now;
    if (this.value !== before) for (const listener of this.listeners) listener(this.value);
    return this.value;
  }
}
