/**
 * The cluster-log size limit on its own, so the UI can refuse a file before starting the reader
 * (issue 20: files up to 50 MB, read off the main thread).
 */
export const MAX_CLUSTER_LOG_BYTES = 50 * 1024 * 1024;
