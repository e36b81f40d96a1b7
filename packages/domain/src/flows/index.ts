// The XState flows of @kitty/domain ('@kitty/domain/flows'). Each machine appends its own export line.
export * from './authMachine';
export * from './expenseDeleteMachine';
export * from './settleUpMachine';
export * from './expenseDraft';
export * from './expenseDraftMachine';
export * from './settleUp';
export * from './importMachine';
