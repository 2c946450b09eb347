export { CATALOG_CNY_PER_USD, figureValue, numbersIn, rowOf, tableOf } from './lookup';
export { DEFAULT_OWN_MODEL_ID, GPU_MODELS, gpuModelById, REFERENCE_MODEL_ID } from './models';
export { parseCatalogMarkdown } from './parse-markdown';
export { CATALOG_TABLES } from './rows.generated';
export { CATALOG_SOURCE_ZH, GPU_NAME_ZH, MFU_SOURCE_ZH } from './text-zh';
export type * from './types';
