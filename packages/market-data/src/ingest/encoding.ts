import { IngestError } from './errors.ts';

/** What a file's first bytes say it is, when it is not plain text. */
export type BinaryKind = 'xlsx' | 'xls' | 'pdf' | 'gzip' | 'binary';

const startsWith = (b: Uint8Array, ...sig: number[]) => sig.every((x, i) => b[i] === x);

/** The binary container a file is, or null for text. */
export function binaryKind(bytes: Uint8Array): BinaryKind | null {
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return 'xlsx';
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) return 'xls';
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) return 'pdf';
  if (startsWith(bytes, 0x1f, 0x8b)) return 'gzip';
  return null;
}

const BINARY_NAMES: Record<BinaryKind, string> = {
  xlsx: 'this is an Excel workbook (.xlsx, a zip archive), not a CSV',
  xls: 'this is an old binary Excel workbook (.xls); save it as .xlsx or CSV (UTF-8)',
  pdf: 'this is a PDF document, not a data file',
  gzip: 'this is a gzip archive; unpack it first',
  binary: 'this is a binary file, not text',
};

/** The message for a binary file: what it is and what to do. */
export function binaryMessage(kind: BinaryKind): string {
  return BINARY_NAMES[kind];
}

/**
 * Decodes a data file's bytes to text. UTF-8 (with or without a byte-order mark, kept so the
 * content hash matches the text) and UTF-16, LE or BE, with a byte-order mark (as spreadsheet
 * programs save "Unicode text") or without one (told by the NUL bytes of its ASCII characters),
 * are read; anything else fails naming what the bytes are: a workbook, Windows-1252 text, or
 * binary data.
 */
export function decodeText(bytes: Uint8Array, file: string): { text: string; encoding: string } {
  const binary = binaryKind(bytes);
  if (binary) throw new IngestError(file, null, null, binaryMessage(binary));
  if (startsWith(bytes, 0xff, 0xfe)) {
    return {
      text: new TextDecoder('utf-16le', { ignoreBOM: true }).decode(bytes).slice(1),
      encoding: 'utf-16le',
    };
  }
  if (startsWith(bytes, 0xfe, 0xff)) {
    return {
      text: new TextDecoder('utf-16be', { ignoreBOM: true }).decode(bytes).slice(1),
      encoding: 'utf-16be',
    };
  }
  const unmarked = utf16WithoutMark(bytes);
  if (unmarked) {
    let text: string;
    try {
      text = new TextDecoder(unmarked, { fatal: true }).decode(bytes);
    } catch {
      throw new IngestError(
        file,
        null,
        null,
        `the text looks like ${unmarked.toUpperCase()} without a byte-order mark, but it does not decode as such (cut off?); save it as UTF-8`,
      );
    }
    if (text.includes('\0')) throw new IngestError(file, null, null, binaryMessage('binary'));
    return { text, encoding: unmarked };
  }
  if (bytes.subarray(0, 4096).includes(0)) throw new IngestError(file, null, null, binaryMessage('binary'));
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes),
      encoding: 'utf-8',
    };
  } catch {
    const at = firstInvalidUtf8(bytes);
    const line = bytes.subarray(0, at).filter((b) => b === 0x0a).length + 1;
    throw new IngestError(
      file,
      line,
      null,
      `the text is not UTF-8 (byte 0x${bytes[at]!.toString(16)}): likely Windows-1252 (Latin-1); save it as UTF-8`,
    );
  }
}

/**
 * UTF-16 without a byte-order mark, told by where the NUL bytes fall in the first 4 KB: a data
 * file is mostly ASCII, whose characters are a NUL byte and the ASCII byte, so UTF-16LE has its
 * NULs at odd offsets and UTF-16BE at even ones. At least a quarter of the bytes must be such
 * NULs, and the other offsets (nearly) free of them, so binary data is not taken for text.
 */
function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const head = bytes.subarray(0, 4096);
  let evenNul = 0;
  let oddNul = 0;
  head.forEach((b, i) => {
    if (b === 0) i % 2 === 0 ? evenNul++ : oddNul++;
  });
  const many = head.length / 4;
  if (oddNul > many && evenNul <= oddNul / 50) return 'utf-16le';
  if (evenNul > many && oddNul <= evenNul / 50) return 'utf-16be';
  return null;
}

/** Offset of the first byte that is not part of a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const n = b < 0x80 ? 1 : b >> 5 === 6 ? 2 : b >> 4 === 14 ? 3 : b >> 3 === 30 ? 4 : 0;
    if (n === 0) return i;
    for (let k = 1; k < n; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += n;
  }
  return 0;
}
