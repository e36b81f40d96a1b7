// `kitty`: Kitty from the command line. Every command is an Effect run by effect/cli; this file puts them
// under one root, prints failures once, and turns how the run ended into the exit code (errors.ts, EXIT).
import { Cause, Console, Effect, Exit, Result, Runtime } from 'effect';
import { CliConfig, CliError, CliOutput, Command, GlobalFlag, TerminalCapabilities } from 'effect/cli';
import { commands } from './commands';
import { CliFailure, EXIT } from './errors';
import { nodeLayer } from './platform';
import packageJson from '../package.json' with { type: 'json' };

/** `kitty --version`: the package's version. */
export const VERSION = packageJson.version;

export const kitty = Command.make('kitty').pipe(
  Command.withDescription(
    'Kitty from the command line: groups, balances, expenses, settling up, export and import. Start with ' +
      '`kitty login`. Exit codes: 0 done, 1 not done, 2 wrong usage or input, 3 not signed in, ' +
      '4 refused by the server, 5 no response from the server, 130 interrupted.',
  ),
  Command.withSubcommands(commands),
);

/** Help on stdout; a wrong command line gets its errors on stderr and a pointer to --help, not the whole help. */
const presenter: CliOutput.Presenter = {
  present: (event) =>
    Effect.gen(function* () {
      const { canColor } = yield* TerminalCapabilities.TerminalCapabilities;
      const formatter = CliOutput.defaultFormatter({ colors: canColor });
      switch (event._tag) {
        case 'Help':
          return yield* Console.log(formatter.formatHelpDoc(event.helpDoc));
        case 'Version':
          return yield* Console.log(formatter.formatVersion(event.name, event.version));
        case 'InvalidInvocation':
          yield* Console.error(formatter.formatErrors(event.errors));
          return yield* Console.error(`See \`${event.commandPath.join(' ')} --help\`.`);
      }
    }),
};

/** A failure that has been printed: it only carries the exit code to the runtime. */
const exitWith = (code: number) =>
  Effect.fail({ [Runtime.errorExitCode]: code, [Runtime.errorReported]: false });

const debug = process.env.KITTY_DEBUG === '1';

/** Prints why the run failed (once) and fails with its exit code; interruption stays interruption (130). */
function report(cause: Cause.Cause<unknown>) {
  if (Cause.hasInterruptsOnly(cause)) return Effect.failCause(cause);
  const found = Cause.findError(cause);
  if (Result.isSuccess(found)) {
    const error = found.success;
    if (error instanceof CliFailure) {
      return Console.error([`kitty: ${error.message}`, ...(error.details ?? [])].join('\n')).pipe(
        Effect.andThen(exitWith(error.exitCode)),
      );
    }
    if (CliError.isCliError(error)) {
      // Help was shown (with the errors, if any, by the presenter): a bare `kitty` is not an error.
      if (error._tag === 'ShowHelp') return error.errors.length === 0 ? Effect.void : exitWith(EXIT.usage);
      return Console.error(`kitty: ${error.message}`).pipe(Effect.andThen(exitWith(EXIT.usage)));
    }
  }
  return Console.error(
    debug
      ? `kitty: unexpected error\n${Cause.pretty(cause)}`
      : `kitty: unexpected error: ${String(Cause.squash(cause))}`,
  ).pipe(Effect.andThen(exitWith(EXIT.failure)));
}

export const program = Command.run(kitty, { version: VERSION }).pipe(
  Effect.catchCause(report),
  Effect.provideService(CliOutput.Presenter, presenter),
  Effect.provideService(
    CliConfig.CliConfig,
    CliConfig.make({ builtIns: [GlobalFlag.Help, GlobalFlag.Version, GlobalFlag.Completions] }),
  ),
  Effect.provide(nodeLayer),
);

/** 0 done, 130 interrupted (Ctrl-C), else the code the failure carries. */
const teardown: Runtime.Teardown = (exit, onExit) => {
  if (Exit.isSuccess(exit)) return onExit(EXIT.ok);
  if (Cause.hasInterruptsOnly(exit.cause)) return onExit(EXIT.interrupted);
  onExit(Runtime.getErrorExitCode(Cause.squash(exit.cause)));
};

/** Exits once stdout and stderr have written everything (a pipe is written asynchronously). */
function exitAfterFlush(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

/**
 * Runs the program as this process: Ctrl-C (SIGINT) or SIGTERM interrupts it (the request in flight is
 * aborted, prompts restore the terminal) and it exits 130 (143 after SIGTERM); a second signal exits at once.
 */
const runMain = Runtime.makeRunMain(({ fiber, teardown: end }) => {
  let received: NodeJS.Signals | undefined;
  const codeOf = (signal: NodeJS.Signals | undefined) => (signal === 'SIGTERM' ? 143 : EXIT.interrupted);
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) process.exit(codeOf(signal));
    received = signal;
    fiber.interruptUnsafe(fiber.id);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  fiber.addObserver((exit) => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    end(exit, (code) => exitAfterFlush(code === EXIT.interrupted ? codeOf(received) : code));
  });
});

runMain(program, { disableErrorReporting: true, teardown });
