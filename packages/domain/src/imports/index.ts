export * from './types';
export * from './reader';
export * from './csvRecords';
export * from './keys';
export * from './rows';
export * from './ledgerBalances';
export * from './parse';
