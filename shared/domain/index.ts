export * from './metadata';
export * from './document';
export * from './settings';
