import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { ClusterLogError, ClusterLogSummary } from '../../scenario/cluster-log-types';
import { type ClusterLogFileReader, createClusterLogFileReader } from '../../workers/cluster-log-client';

export interface ClusterLogImportState {
  /** A file being read, with the share of it read so far (0–1). */
  reading: { file: string; fraction: number } | null;
  failed: { file: string; errors: ClusterLogError[] } | null;
  loaded: { file: string; summary: ClusterLogSummary } | null;
}

const idle: ClusterLogImportState = { reading: null, failed: null, loaded: null };

/** One reader (one worker per file) for the page's lifetime, created on first use. */
let sharedReader: ClusterLogFileReader | null = null;
export function defaultReader(): ClusterLogFileReader {
  sharedReader ??= createClusterLogFileReader();
  return sharedReader;
}

/**
 * The cluster-log file input's state: a chosen file is read off the main thread with progress, then
 * either its summary (for the preview) or its errors. Nothing here touches the scenario. Choosing
 * another file, or leaving the tab, stops the file being read.
 */
export function useClusterLogImport(readFile?: ClusterLogFileReader) {
  const [state, setState] = useState<ClusterLogImportState>(idle);
  const cancelRef = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelRef.current?.(), []);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so choosing the same file again fires another change.
    input.value = '';
    if (!file) return;
    cancelRef.current?.();
    setState({ ...idle, reading: { file: file.name, fraction: 0 } });
    const read = (readFile ?? defaultReader())(file, (fraction) =>
      setState((s) => (s.reading?.file === file.name ? { ...s, reading: { file: file.name, fraction } } : s)),
    );
    let current = true;
    cancelRef.current = () => {
      current = false;
      read.cancel();
    };
    void read.result.then((result) => {
      if (!current) return;
      cancelRef.current = null;
      setState(
        result.ok
          ? { ...idle, loaded: { file: file.name, summary: result.summary } }
          : { ...idle, failed: { file: file.name, errors: result.errors } },
      );
    });
  };

  const clear = () => {
    cancelRef.current?.();
    cancelRef.current = null;
    setState(idle);
  };

  return { ...state, onChange, clear };
}
