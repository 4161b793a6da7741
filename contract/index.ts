export * from './errors';
export * from './envelope';
export * from './validation';
export * from './api';
export * from './ipc';
export * from './field-errors';
export * from './i18n';
