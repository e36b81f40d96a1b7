// The public API of @kitty/domain. Each module appends its own line: `export * from './<module>';`
export * from './currencies';
export * from './categories';
export * from './money';
export * from './allocate';
export * from './splits';
export * from './defaultSplit';
export * from './accountValidation';
export * from './validation';
export * from './activity';
export * from './history';
export * from './widgets';
export * from './members';
export * from './balances';
export * from './settle';
export * from './suggestions';
export * from './csv';
export * from './planKeeping';
