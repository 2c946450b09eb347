export { CATALOG_CNY_PER_USD, figureValue, numbersIn, rowOf, tableOf } from './lookup';
export { DEFAULT_OWN_MODEL_ID, GPU_MODELS, gpuModelById, REFERENCE_MODEL_ID } from './models';
export { parseCatalogMarkdown } from './parse-markdown';
export { CATALOG_TABLES } from './rows.generated';
export type * from './types';
