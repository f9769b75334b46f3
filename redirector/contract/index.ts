export type * from './analytics';
export type * from './auth';
export type * from './clicks';
export * from './domains';
export type * from './links';
export * from './lists';
export * from './shortCode';
export * from './tags';
export * from './urls';
