import { textHash } from './text-hash';

/**
 * Every write of a saved entry, of the resume slot and of a backup is read back and compared (issue
 * 36): a browser can report success and keep something else (a storage layer that cuts long values,
 * an extension rewriting storage, a disk error). When the read-back differs, the value that was there
 * before is put back, so a failed write never leaves a half-written entry where a good one stood.
 */
export type VerifiedWrite = 'written' | 'readBackDiffers';

type Writable = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The text and its hash agree: the length guards against the 1-in-4-billion hash collision. */
function sameText(written: string, readBack: string | null): boolean {
  return readBack !== null && readBack.length === written.length && textHash(readBack) === textHash(written);
}

/**
 * Writes `value` under `key` and reads it back. A browser's refusal (quota, storage off) is thrown
 * as `setItem` throws it, with nothing changed; a read-back that differs restores the previous value
 * (or removes the key when there was none) and returns 'readBackDiffers'.
 */
export function writeVerified(storage: Writable, key: string, value: string): VerifiedWrite {
  const previous = storage.getItem(key);
  storage.setItem(key, value);
  if (sameText(value, storage.getItem(key))) return 'written';
  try {
    if (previous === null) storage.removeItem(key);
    else storage.setItem(key, previous);
  } catch {
    // Putting the previous value back was refused too: the caller still says the write failed.
  }
  return 'readBackDiffers';
}
