export * from './types';
export { loadSchema, decodeJson } from './load-schema';
export { SchemaCache, schemaCache } from './cache';
export { storageOf, inferType } from './datatypes';
