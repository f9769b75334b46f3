export * from './countries';
export * from './dates';
export * from './numbers';
