export * from './rules';
export * from './messages';
export * from './schemas';
export * from './legacy';
