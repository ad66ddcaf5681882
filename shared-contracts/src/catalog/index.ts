export * from './rules';
export * from './messages';
export * from './search';
export * from './import-schema';
export * from './api';
export * from './discover';
export * from './watch';
export * from './member-state';
