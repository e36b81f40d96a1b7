import { add } from './add';
import { login, logout, whoami } from './auth';
import { expenses } from './expenses';
import { exportGroup, importFile } from './files';
import { balances, group, groups } from './groups';
import { settle } from './settle';

/** Every subcommand of `kitty`, in the order `kitty --help` lists them. */
export const commands = [
  login,
  logout,
  whoami,
  groups,
  group,
  balances,
  add,
  expenses,
  settle,
  exportGroup,
  importFile,
] as const;
