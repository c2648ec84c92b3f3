export * from './people';
export * from './advisory';
export * from './clients';
export * from './intake';
export * from './assets';
export * from './plans';
export * from './billing';
export * from './system';
