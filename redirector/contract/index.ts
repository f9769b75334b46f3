export type * from './analytics';
export type * from './auth';
export type * from './clicks';
export type * from './links';
