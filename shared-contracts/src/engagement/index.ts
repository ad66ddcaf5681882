export * from './rules';
export * from './messages';
export * from './legacy';
