export { GPU_MODELS, gpuModelById } from './models';
export { CATALOG_SOURCE_ZH, GPU_NAME_ZH, GPU_SHORT_NAME_ZH, MFU_SOURCE_ZH } from './text-zh';
export type * from './types';
