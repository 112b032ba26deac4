export * from './contract';
export * from './errors';
export * from './api';
export * from './validate';
