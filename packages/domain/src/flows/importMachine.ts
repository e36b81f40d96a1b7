// Importing a file into Kitty (issue 25; openapi.yaml POST /imports): choosing (a file or pasted text, and
// its format) -> previewing (a dry run) -> preview (the person maps each member found in the file to an
// e-mail; every change runs the dry run again so the statuses follow) -> importing -> done (emits
// 'import.done' with the group to open) or failed (the refusal, and its fields at their fields; the preview
// stays, to fix and try again). Nothing is written before importing.
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { FieldErrors } from '../accountValidation';
import { failureMessage } from '../failure';
import { IMPORT_APP, type ImportFormat } from '../imports/types';
import { hasVisibleCharacter, trimText } from '../visibleText';

/** What the person picks as the file's format: the server detects it with 'auto'. */
export type ImportFormatChoice = 'auto' | ImportFormat;

/** A member found in the file and who they map to (openapi.yaml ImportMember). */
export interface ImportPreviewMember {
  name: string;
  email: string | null;
  status: 'member' | 'account' | 'invitation' | 'unmapped';
  user_id: string | null;
  rows: number;
}

/** The answer of POST /imports, dry run or not (openapi.yaml ImportResult). */
export interface ImportPreview {
  dry_run: boolean;
  format: ImportFormat;
  group_id: string | null;
  group_name: string | null;
  rows: number;
  expenses: number;
  settlements: number;
  already_imported: number;
  /** The rows the group already holds (counted in already_imported), each with its line in the file. */
  recognised: { line: number; date: string; description: string; amount: number; currency: string }[];
  date_from: string | null;
  date_to: string | null;
  currencies: string[];
  /** The currency given to rows whose file does not say theirs; null when every row said its own. */
  assumed_currency: string | null;
  members: ImportPreviewMember[];
  problems: { line: number; message: string }[];
  balances: { member: string; currency: string; source: number | null; imported: number }[];
  /** The recurring expenses it brings (Kitty's archive); `paused_by_import`: active in the file, begun over a year ago. */
  recurring: { line: number; description: string; status: string; paused_by_import: boolean }[];
}

/** The body of POST /imports (openapi.yaml ImportRequest). */
export interface ImportRequestBody {
  format: ImportFormatChoice;
  content: string;
  dryRun: boolean;
  group_id?: string;
  group_name?: string;
  members?: Record<string, string>;
  currency?: string;
  time_zone: string;
}

export interface ImportInput {
  /** Import into this group; null makes a new group. */
  groupId: string | null;
  /** The browser's IANA time zone: the calendar of the file's dates without a time (UTC without one). */
  timeZone?: string;
  /** A fresh idempotency key (crypto.randomUUID); a retry of the same import reuses it. */
  newIdempotencyKey?: () => string;
}

export interface ImportContext extends ImportInput {
  content: string;
  /** The chosen file's name; null for pasted text. */
  fileName: string | null;
  format: ImportFormatChoice;
  /** The new group's name as the person typed it; null until they do (the preview's name is the default). */
  groupName: string | null;
  /** Each member's name in the file -> the e-mail the person gave (or the preview prefilled). */
  mapping: Record<string, string>;
  /** The currency the person chose for rows whose file does not say theirs; null: the server's default. */
  currency: string | null;
  preview: ImportPreview | null;
  /** The import's answer once written. */
  result: ImportPreview | null;
  /** The last refusal (the api client's error: its code picks the words), or null. */
  failure: unknown;
  /** The refusal's fields: `content` (the file, with its line), `members.<name>`, `group_name`. */
  fieldErrors: FieldErrors;
  /** The key of the last import sent and the body it was for. */
  sent: { body: string; key: string | null } | null;
}

export type ImportEvent =
  | { type: 'import.content'; content: string; fileName?: string | null }
  | { type: 'import.format'; format: ImportFormatChoice }
  | { type: 'import.preview' }
  | { type: 'import.map'; name: string; email: string }
  | { type: 'import.groupName'; name: string }
  | { type: 'import.currency'; currency: string }
  | { type: 'import.start' }
  | { type: 'import.back' };

export type ImportEmitted = { type: 'import.done'; groupId: string | null };

/** When the file could not be read and the server said nothing more. */
export const IMPORT_PREVIEW_FAILED = 'The file could not be previewed';
export const IMPORT_FAILED = 'The import failed; nothing was written';
export const IMPORT_NEEDS_CONTENT = 'Choose a file or paste its text first';
export const IMPORT_NOTHING_NEW = 'Nothing new to import: every row is already in this group';
export const IMPORT_FIX_FIELDS = 'Correct the marked fields first';
export const IMPORT_CHECKING = 'Checking the members...';
export const IMPORT_NEEDS_GROUP_NAME = 'Please enter a group name';

/** "Choose who Ana is" / "Choose who Ana, Bob and Chloé are": the names still without an address. */
export function chooseWhoWords(names: readonly string[]): string {
  if (names.length <= 1) return `Choose who ${names[0] ?? ''} is`;
  return `Choose who ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} are`;
}

/** The server's `errors` of a refusal as field -> message (the first message of each field). */
export function importFieldErrors(failure: unknown): FieldErrors {
  const data =
    typeof failure === 'object' && failure !== null ? (failure as { data?: unknown }).data : undefined;
  const errors =
    typeof data === 'object' && data !== null ? (data as { errors?: unknown }).errors : undefined;
  const fields: FieldErrors = {};
  if (!Array.isArray(errors)) return fields;
  for (const item of errors) {
    const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && typeof message === 'string' && !(field in fields))
      fields[field] = message;
  }
  return fields;
}

/** The addresses given, trimmed; names without one are left out (the server then says who is missing). */
export function mappedMembers(mapping: Readonly<Record<string, string>>): Record<string, string> {
  const members: Record<string, string> = {};
  for (const [name, email] of Object.entries(mapping)) {
    const address = email.trim();
    if (address !== '') members[name] = address;
  }
  return members;
}

/** The new group's name: what the person typed, else the file's, else "Imported from <app>" (as the server names it). */
export function importGroupName(context: Pick<ImportContext, 'groupName' | 'preview'>): string {
  const preview = context.preview;
  if (context.groupName !== null) return context.groupName;
  if (!preview) return '';
  return preview.group_name ?? `Imported from ${IMPORT_APP[preview.format]}`;
}

export function importBody(context: ImportContext, dryRun: boolean): ImportRequestBody {
  const body: ImportRequestBody = {
    format: context.format,
    content: context.content,
    dryRun,
    time_zone: context.timeZone ?? 'UTC',
  };
  if (context.groupId) body.group_id = context.groupId;
  else if (!dryRun) {
    const name = trimText(importGroupName(context));
    if (hasVisibleCharacter(name)) body.group_name = name;
  }
  const members = mappedMembers(context.mapping);
  if (Object.keys(members).length > 0) body.members = members;
  if (context.currency !== null) body.currency = context.currency;
  return body;
}

/** Why the import cannot start yet, as a reason a UI words in its own language (importBlocker: the English). */
export type ImportBlockerReason =
  | { reason: 'needsContent' | 'checking' | 'fixFields' | 'needsGroupName' | 'nothingNew' }
  | { reason: 'chooseWho'; names: string[] };

/**
 * Why the import cannot start yet, or null when it can: the mapping is being checked, a field is refused, a
 * member has no address, a new group has no name, or nothing in the file is new.
 */
export function importBlockerReason(context: ImportContext, checking: boolean): ImportBlockerReason | null {
  const preview = context.preview;
  if (!preview) return { reason: 'needsContent' };
  if (checking) return { reason: 'checking' };
  if (Object.keys(context.fieldErrors).length > 0) return { reason: 'fixFields' };
  const unmapped = preview.members.filter((member) => member.status === 'unmapped').map((m) => m.name);
  if (unmapped.length > 0) return { reason: 'chooseWho', names: unmapped };
  if (!context.groupId && !hasVisibleCharacter(importGroupName(context))) return { reason: 'needsGroupName' };
  if (preview.expenses + preview.settlements === 0) return { reason: 'nothingNew' };
  return null;
}

const BLOCKER_WORDS = {
  needsContent: IMPORT_NEEDS_CONTENT,
  checking: IMPORT_CHECKING,
  fixFields: IMPORT_FIX_FIELDS,
  needsGroupName: IMPORT_NEEDS_GROUP_NAME,
  nothingNew: IMPORT_NOTHING_NEW,
} as const;

/** Why the import cannot start yet, in (English) words, or null when it can. */
export function importBlocker(context: ImportContext, checking: boolean): string | null {
  const blocker = importBlockerReason(context, checking);
  if (!blocker) return null;
  return blocker.reason === 'chooseWho' ? chooseWhoWords(blocker.names) : BLOCKER_WORDS[blocker.reason];
}

/** The addresses the preview knows of, for the names the person has not given one. */
function prefilled(mapping: Record<string, string>, preview: ImportPreview): Record<string, string> {
  const next = { ...mapping };
  for (const member of preview.members) {
    if (next[member.name] === undefined && member.email) next[member.name] = member.email;
  }
  return next;
}

/** A refusal's field messages without those of the file (shown while choosing), or with only them. */
const contentOnly = (fields: FieldErrors): FieldErrors => (fields.content ? { content: fields.content } : {});

export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    input: {} as ImportInput,
    emitted: {} as ImportEmitted,
  },
  actions: {
    setContent: assign(({ event }) =>
      event.type === 'import.content'
        ? { content: event.content, fileName: event.fileName ?? null, failure: null, fieldErrors: {} }
        : {},
    ),
    setFormat: assign(({ event }) => (event.type === 'import.format' ? { format: event.format } : {})),
    setMapping: assign(({ context, event }) => {
      if (event.type !== 'import.map') return {};
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[`members.${event.name}`];
      return { mapping: { ...context.mapping, [event.name]: event.email }, fieldErrors };
    }),
    setCurrency: assign(({ event }) =>
      event.type === 'import.currency' ? { currency: event.currency } : {},
    ),
    setGroupName: assign(({ context, event }) => {
      if (event.type !== 'import.groupName') return {};
      const { group_name: _, ...fieldErrors } = context.fieldErrors;
      return { groupName: event.name, fieldErrors };
    }),
    clearFailure: assign({ failure: null, fieldErrors: {} }),
    forgetPreview: assign({
      preview: null,
      mapping: {},
      groupName: null,
      currency: null,
      failure: null,
      fieldErrors: {},
    }),
    keepPreview: assign(({ context, event }) => {
      const preview = (event as unknown as { output: ImportPreview }).output;
      return { preview, mapping: prefilled(context.mapping, preview), failure: null, fieldErrors: {} };
    }),
    keepFailure: assign(({ event }) => {
      const failure = (event as unknown as { error: unknown }).error;
      return { failure, fieldErrors: importFieldErrors(failure) };
    }),
    keepFileFailure: assign(({ event }) => {
      const failure = (event as unknown as { error: unknown }).error;
      return { failure, fieldErrors: contentOnly(importFieldErrors(failure)) };
    }),
    keepResult: assign(({ event }) => ({ result: (event as unknown as { output: ImportPreview }).output })),
    announceDone: emit(({ context }) => ({
      type: 'import.done' as const,
      groupId: context.result?.group_id ?? context.groupId,
    })),
  },
  actors: {
    dryRun: fromPromise<ImportPreview, { body: ImportRequestBody }>(() =>
      Promise.reject(new Error('importMachine: actor "dryRun" not provided')),
    ),
    runImport: fromPromise<ImportPreview, { body: ImportRequestBody; idempotencyKey: string | null }>(() =>
      Promise.reject(new Error('importMachine: actor "runImport" not provided')),
    ),
  },
  guards: {
    hasContent: ({ context }) => context.content.trim() !== '',
    mayImport: ({ context }) => importBlocker(context, false) === null,
  },
  delays: {
    /** How long the mapping rests before it is checked again (typing an address checks once). */
    recheckDelay: 400,
  },
}).createMachine({
  id: 'import',
  context: ({ input }) => ({
    ...input,
    content: '',
    fileName: null,
    format: 'auto',
    groupName: null,
    mapping: {},
    currency: null,
    preview: null,
    result: null,
    failure: null,
    fieldErrors: {},
    sent: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'import.content': { actions: 'setContent' },
        'import.format': { actions: ['setFormat', 'clearFailure'] },
        'import.preview': [
          { guard: 'hasContent', target: 'previewing' },
          { actions: assign({ failure: null, fieldErrors: { content: IMPORT_NEEDS_CONTENT } }) },
        ],
      },
    },
    previewing: {
      entry: 'forgetPreview',
      invoke: {
        src: 'dryRun',
        input: ({ context }) => ({ body: importBody(context, true) }),
        onDone: { target: 'preview', actions: 'keepPreview' },
        onError: { target: 'choosing', actions: 'keepFileFailure' },
      },
      on: { 'import.back': 'choosing' },
    },
    preview: {
      initial: 'ready',
      on: {
        'import.map': { target: '.waiting', reenter: true, actions: 'setMapping' },
        'import.currency': { target: '.waiting', reenter: true, actions: 'setCurrency' },
        'import.groupName': { actions: 'setGroupName' },
        'import.back': { target: 'choosing', actions: 'clearFailure' },
      },
      states: {
        ready: {
          on: { 'import.start': { guard: 'mayImport', target: '#import.importing' } },
        },
        waiting: {
          after: { recheckDelay: 'checking' },
        },
        checking: {
          invoke: {
            src: 'dryRun',
            input: ({ context }) => ({ body: importBody(context, true) }),
            onDone: { target: 'ready', actions: 'keepPreview' },
            onError: { target: 'ready', actions: 'keepFailure' },
          },
        },
      },
    },
    importing: {
      entry: assign(({ context }) => {
        const body = JSON.stringify(importBody(context, false));
        const key = context.sent?.body === body ? context.sent.key : (context.newIdempotencyKey?.() ?? null);
        return { sent: { body, key }, failure: null, fieldErrors: {} };
      }),
      invoke: {
        src: 'runImport',
        input: ({ context }) => ({
          body: importBody(context, false),
          idempotencyKey: context.sent?.key ?? null,
        }),
        onDone: { target: 'done', actions: ['keepResult', 'announceDone'] },
        onError: { target: 'failed', actions: 'keepFailure' },
      },
    },
    failed: {
      on: {
        'import.map': { target: 'preview.waiting', actions: 'setMapping' },
        'import.currency': { target: 'preview.waiting', actions: 'setCurrency' },
        'import.groupName': { actions: 'setGroupName' },
        'import.start': { guard: 'mayImport', target: 'importing' },
        'import.back': { target: 'choosing', actions: 'clearFailure' },
      },
    },
    done: { type: 'final' },
  },
});

export type ImportSnapshot = SnapshotFrom<typeof importMachine>;

export type ImportStep = 'choosing' | 'previewing' | 'preview' | 'importing' | 'failed' | 'done';

/** The step the screen shows. */
export function importStep(state: ImportSnapshot): ImportStep {
  for (const step of ['choosing', 'previewing', 'preview', 'importing', 'failed'] as const) {
    if (state.matches(step)) return step;
  }
  return 'done';
}

/** The mapping is being checked again (the statuses shown may be behind what was typed). */
export function importChecking(state: ImportSnapshot): boolean {
  return state.matches({ preview: 'waiting' }) || state.matches({ preview: 'checking' });
}

/** The refusal's words when the server gave none (the screen picks words by its code first). */
export function importFailureMessage(failure: unknown, step: 'preview' | 'import'): string {
  return failureMessage(failure, step === 'preview' ? IMPORT_PREVIEW_FAILED : IMPORT_FAILED);
}
