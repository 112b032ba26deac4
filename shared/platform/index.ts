export * from './common';
export * from './token';
export * from './schema-description';
export * from './cases';
export * from './inbox';
export * from './validate-account';
export * from './customers';
export * from './claims';
