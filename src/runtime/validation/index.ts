export * from './patterns';
export * from './validator';
