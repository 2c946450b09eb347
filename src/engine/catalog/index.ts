export { numbersIn, rowOf, tableOf } from './lookup';
export { GPU_MODELS, gpuModelById } from './models';
export { parseCatalogMarkdown } from './parse-markdown';
export { CATALOG_TABLES } from './rows.generated';
export { CATALOG_SOURCE_ZH, GPU_NAME_ZH, GPU_SHORT_NAME_ZH, MFU_SOURCE_ZH } from './text-zh';
export type * from './types';
