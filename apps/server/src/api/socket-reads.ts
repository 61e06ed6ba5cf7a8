import type { Socket } from 'node:net';

/**
 * Reads of a server's accepted socket into one buffer the program owns (decision 0343).
 *
 * Node reads each chunk of a socket into memory of its own: a 64 KiB allocation, trimmed to the
 * bytes read and wrapped in an ArrayBuffer, which the young generation's collections then sweep.
 * For a socket it makes itself Node offers the `onread` option (`new net.Socket({ onread })`):
 * the chunks are read into one given buffer and passed to a callback, and no ArrayBuffer is made.
 * It does not offer it for the sockets a server accepts. The machinery behind `onread` is the
 * same for both kinds of socket: three fields of the socket (the buffer, the callback and a
 * buffer factory, keyed by symbols of Node's that every socket carries) and the handle's
 * `useUserBuffer`. This module sets them on an accepted socket when it finds them as
 * `onread` leaves them unset, and declines otherwise, so the caller reads the socket's `data`
 * events as before. Node 20 to 24 have them as read here.
 */
interface ReadFields {
  buffer: symbol;
  callback: symbol;
  generator: symbol;
}

type ReadCallback = (bytes: number, buffer: Buffer) => boolean | undefined;
type Fields = Record<symbol, unknown>;

/**
 * The one buffer every socket put to `readInto` reads into: each read is taken (copied where
 * kept) before the next can come. It lives as long as the process, as it must: Node keeps only
 * its address.
 */
const readBuffer = Buffer.allocUnsafeSlow(64 * 1024);

/** Node's symbols for onread's three fields, read once off the first socket (null: not found). */
let fields: ReadFields | null | undefined;

function fieldsOf(socket: Socket): ReadFields | null {
  if (fields === undefined) {
    const named = new Map(Object.getOwnPropertySymbols(socket).map((s) => [s.description, s]));
    const [buffer, callback, generator] = ['kBuffer', 'kBufferCb', 'kBufferGen'].map((n) => named.get(n));
    fields = buffer && callback && generator ? { buffer, callback, generator } : null;
  }
  return fields;
}

interface UserBufferHandle {
  useUserBuffer?: (buffer: Buffer) => void;
}

/**
 * From now on `socket`'s reads go into the module's one buffer and are passed to `onRead` (bytes
 * read, the buffer), which must copy what it keeps (`copyOf`) before it returns; returning false
 * pauses reading, as `socket.pause()` does. False, with the socket as it was, where Node's fields
 * are not as expected: the socket's data comes as `data` events then.
 */
export function readInto(socket: Socket, onRead: ReadCallback): boolean {
  const handle = (socket as unknown as { _handle?: UserBufferHandle | null })._handle;
  if (typeof handle?.useUserBuffer !== 'function') return false;
  const f = fieldsOf(socket);
  if (f === null) return false;
  const own = socket as unknown as Fields;
  // As a socket made without onread has them: all three unset.
  if (own[f.buffer] !== null || own[f.callback] !== null || own[f.generator] !== null) return false;
  own[f.buffer] = readBuffer;
  own[f.callback] = onRead;
  handle.useUserBuffer(readBuffer);
  return true;
}

/**
 * A socket put to `readInto` is read as a stream again: each read is pushed, copied, as the
 * socket's data (a `data` event), for whoever reads the socket next. The handle keeps reading
 * into the one buffer, so this is what a consumer that reads the handle in JavaScript gets (Node's
 * http reads it natively until, at an upgrade, it gives the socket back to JavaScript).
 */
export function readAsStream(socket: Socket): void {
  const f = fieldsOf(socket);
  if (f === null) return;
  (socket as unknown as Fields)[f.callback] = (bytes: number, buffer: Buffer) =>
    socket.push(copyOf(bytes, buffer));
}

/** A read's bytes, copied out of the one buffer (into Node's pool, when small). */
export function copyOf(bytes: number, buffer: Buffer): Buffer {
  const copy = Buffer.allocUnsafe(bytes);
  buffer.copy(copy, 0, 0, bytes);
  return copy;
}
