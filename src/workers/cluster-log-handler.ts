import { createClusterLogReader } from '../scenario/cluster-log';
import { MAX_CLUSTER_LOG_BYTES } from '../scenario/cluster-log-limits';
import type { ClusterLogResult } from '../scenario/cluster-log-types';
import { parseReadLogRequest, type ReadLogResponse } from './cluster-log-messages';

/**
 * Bytes read and parsed per step. Chrome reads a chosen file's bytes with the page's main thread
 * taking part (about 10 ms of its time per MB, measured with bench/cluster-logs.mjs): 1 MB slices
 * keep each of those tasks near 10 ms, well under 50 ms even on a loaded machine, with a quarter of
 * the round trips 256 KB slices took.
 */
export const LOG_SLICE_BYTES = 1 << 20;

/** Progress is posted when it has moved this much: each message is a re-render on the page. */
const PROGRESS_STEP = 0.04;

/** The part of a Blob the reader needs (a File in the worker, a Blob in Node tests). */
type Sliceable = Pick<Blob, 'size' | 'slice'>;

/**
 * Reads a log file slice by slice, decoding UTF-8 (or UTF-16 with its mark) across slice boundaries and feeding the text to the
 * streaming reader, so a 50 MB file is never held as one string; reports progress after each slice.
 * Never throws: a file the browser cannot read comes back as 'unreadable'.
 */
export async function readClusterLogBlob(
  file: Sliceable,
  onProgress: (fraction: number) => void,
  sliceBytes = LOG_SLICE_BYTES,
): Promise<ClusterLogResult> {
  if (file.size > MAX_CLUSTER_LOG_BYTES) return { ok: false, errors: [{ code: 'tooLarge' }] };
  const reader = createClusterLogReader();
  let decoder: TextDecoder | null = null;
  let posted = 0;
  // The next slice is asked for before this one is parsed: the browser reads it (with the page's
  // main thread taking part) while the worker parses, instead of the two taking turns.
  const read = (offset: number) => {
    const pending = file.slice(offset, offset + sliceBytes).arrayBuffer();
    // Left unawaited when the reader stops early: its failure is no one's to report.
    pending.catch(() => {});
    return pending;
  };
  try {
    let next = file.size > 0 ? read(0) : null;
    for (let offset = 0; offset < file.size && next !== null; offset += sliceBytes) {
      const bytes = await next;
      next = offset + sliceBytes < file.size ? read(offset + sliceBytes) : null;
      decoder ??= new TextDecoder(encodingOf(new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength))));
      const more = reader.push(decoder.decode(bytes, { stream: true }));
      const fraction = Math.min(1, (offset + bytes.byteLength) / file.size);
      if (fraction - posted >= PROGRESS_STEP || fraction === 1) {
        posted = fraction;
        onProgress(fraction);
      }
      // Too many bad lines already: the rest of the file would only add to the list.
      if (!more) return reader.finish();
    }
    if (decoder) reader.push(decoder.decode());
  } catch {
    return { ok: false, errors: [{ code: 'unreadable' }] };
  }
  return reader.finish();
}

/**
 * UTF-8 unless the file starts with a UTF-16 byte-order mark: what Windows PowerShell writes when
 * nvidia-smi's output is redirected to a file (`nvidia-smi … > gpu.csv`). The decoder drops the mark.
 */
function encodingOf(start: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (start[0] === 0xff && start[1] === 0xfe) return 'utf-16le';
  if (start[0] === 0xfe && start[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/** The worker's message handler, free of worker globals so Node tests can call it directly. */
export function createClusterLogHandler(
  post: (message: ReadLogResponse) => void,
): (raw: unknown) => Promise<void> {
  return async (raw) => {
    const request = parseReadLogRequest(raw);
    const id =
      typeof raw === 'object' && raw !== null && 'id' in raw && typeof raw.id === 'number' ? raw.id : -1;
    if (!request) {
      post({ type: 'result', id, result: { ok: false, errors: [{ code: 'unreadable' }] } });
      return;
    }
    const result = await readClusterLogBlob(request.file, (fraction) =>
      post({ type: 'progress', id: request.id, fraction }),
    );
    post({ type: 'result', id: request.id, result });
  };
}
