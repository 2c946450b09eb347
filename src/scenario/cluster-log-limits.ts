import { parameter } from '../engine';

/**
 * The cluster-log size limit on its own, so the UI can refuse a file before starting the reader
 * (issue 20: files up to 50 MB, read off the main thread).
 */
export const MAX_CLUSTER_LOG_BYTES = 50 * 1024 * 1024;

/**
 * The most GPUs a log may show: the largest own cluster a scenario can hold (the cluster size's
 * maximum). A job holding more, or a log with more in use at once, is refused by the reader with this
 * limit, before a preview asks for a cluster size no one could enter (issue 36).
 */
export const MAX_CLUSTER_LOG_GPUS = parameter('selfBuild.capacityGpus').max;
