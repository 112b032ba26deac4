export * from './form-model';
export * from './build-form-model';
export * from './validate-form-value';
export * from './form-value';
export * from './form-paths';
export * from './place-issues';
export { jsonEqual } from './merge-all-of';
export * from './form-model-schema';
