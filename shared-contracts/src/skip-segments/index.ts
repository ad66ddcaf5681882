export * from './rules';
export * from './messages';
export * from './schemas';
export * from './api';
export * from './events';
