export * from './platform/limits';
export * from './platform/messages';
export * from './shell/greeting';
export * from './legacy/envelope';
export * from './realtime/rooms';
export * from './realtime/events';
export * from './accounts';
export * from './catalog';
