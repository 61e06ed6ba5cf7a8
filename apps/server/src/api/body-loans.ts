/**
 * Memory lent for a body that is read to be sent once and then dropped (decision 0373): a
 * never-asked answer read from the answer file is not kept (decision 0334), so its body lives
 * from the read to the end of its write. Read into memory of its own, each such body cost a
 * fresh allocation outside V8's heap: about 5 µs of page faults and allocator work a read, and
 * garbage that drove full collections (12 µs a never-asked whole history, against 1 µs cached).
 * A lent body is a view of a block this pool gives out again once the write that sent it is
 * done; the pool keeps at most `maxHeld` bytes of blocks between loans.
 */
export class BodyLoans {
  /** Free blocks by size class (4 KiB << index). */
  private readonly free: ArrayBuffer[][] = Array.from({ length: classes }, () => []);
  /** Bytes of the free blocks. */
  private held = 0;
  /** Loans made, and blocks made for them (the rest reused a free block). */
  lent = 0;
  made = 0;

  constructor(private readonly maxHeld = 4 * 1024 * 1024) {}

  /** A loan of `size` bytes, or null for a size the pool does not lend (none, or past 256 KiB). */
  take(size: number): Loan | null {
    if (size <= 0 || size > largestBlock) return null;
    let c = 0;
    while (smallestBlock << c < size) c += 1;
    let block = this.free[c]!.pop();
    if (block === undefined) {
      this.made += 1;
      block = Buffer.allocUnsafeSlow(smallestBlock << c).buffer as ArrayBuffer;
    } else this.held -= block.byteLength;
    this.lent += 1;
    return new Loan(Buffer.from(block, 0, size), this);
  }

  /** Bytes held in free blocks now. */
  get heldBytes(): number {
    return this.held;
  }

  /** A block back from its loan: kept for the next, within `maxHeld`. */
  give(block: ArrayBuffer): void {
    if (this.held + block.byteLength > this.maxHeld) return;
    let c = 0;
    while (smallestBlock << c < block.byteLength) c += 1;
    this.free[c]!.push(block);
    this.held += block.byteLength;
  }
}

const smallestBlock = 4 * 1024;
const classes = 7;
const largestBlock = smallestBlock << (classes - 1);

/**
 * `body`, lent until `back` (or `written` without an error) is called. Nothing may keep the body,
 * or anything made of it without copying, past that: the pool gives its memory to the next read.
 * A loan never given back is only garbage: its block is collected and the pool makes another.
 */
export class Loan {
  private pool: BodyLoans | null;

  constructor(
    readonly body: Buffer,
    pool: BodyLoans,
  ) {
    this.pool = pool;
  }

  /** Gives the memory back (once; later calls do nothing). */
  back(): void {
    const pool = this.pool;
    if (pool === null) return;
    this.pool = null;
    pool.give(this.body.buffer as ArrayBuffer);
  }

  /**
   * A write's callback: nothing holds the body any more, so its memory is free. Called with an
   * error, it does not give the memory back (it goes to the garbage collector): a writer that
   * reports a failure may not know what still holds the bytes.
   */
  readonly written = (err?: Error | null): void => {
    if (!err) this.back();
  };
}
