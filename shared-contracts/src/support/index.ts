export * from './rules';
export * from './messages';
export * from './contact';
export * from './pricing';
export * from './faq';
