// The Node.js services effect/cli runs on, made from effect's own constructors (Stdio.make, Terminal.make,
// Path.layer). @effect/platform-node 4.1 provides them too, but it requires Node.js 22.19 (and brings undici 8
// and Redis), and Kitty runs on Node.js 20; this is the part of it the command line uses. The day the project
// moves to Node.js 22, `NodeServices.layer` from @effect/platform-node replaces this file.
import * as readline from 'node:readline';
import {
  type Cause,
  Effect,
  FileSystem,
  Layer,
  Option,
  Path,
  Queue,
  Sink,
  Stdio,
  Stream,
  Terminal,
} from 'effect';
import { TerminalCapabilities } from 'effect/cli';
import { badArgument, systemError } from 'effect/PlatformError';
import { ChildProcessSpawner } from 'effect/process';

/** Writes one chunk, done when the stream has taken it. */
const writeTo =
  (stream: NodeJS.WriteStream, method: 'stdout' | 'stderr') =>
  (chunk: string | Uint8Array): Effect.Effect<void, ReturnType<typeof systemError>> =>
    Effect.callback((resume) => {
      stream.write(chunk, (error) =>
        resume(
          error
            ? Effect.fail(systemError({ _tag: 'Unknown', module: 'Stdio', method, cause: error }))
            : Effect.void,
        ),
      );
    });

const writer = (stream: NodeJS.WriteStream, method: 'stdout' | 'stderr') => () =>
  Sink.forEach(writeTo(stream, method));

/** Arguments from process.argv, the three standard streams of this process. */
export const stdioLayer: Layer.Layer<Stdio.Stdio> = Layer.succeed(
  Stdio.Stdio,
  Stdio.make({
    args: Effect.sync(() => process.argv.slice(2)),
    stdinIsTerminal: Effect.sync(() => process.stdin.isTTY === true),
    stdoutIsTerminal: Effect.sync(() => process.stdout.isTTY === true),
    stderrIsTerminal: Effect.sync(() => process.stderr.isTTY === true),
    stdout: writer(process.stdout, 'stdout'),
    stderr: writer(process.stderr, 'stderr'),
    stdin: Stream.fromAsyncIterable(process.stdin as AsyncIterable<Uint8Array>, (cause) =>
      systemError({ _tag: 'Unknown', module: 'Stdio', method: 'stdin', cause }),
    ),
  }),
);

/** Esc, Ctrl+C and Ctrl+D end a prompt (Ctrl+C in raw mode is a key, not SIGINT: the run is interrupted). */
function quits(input: Terminal.UserInput): boolean {
  const { key } = input;
  return key.name === 'escape' || (key.ctrl && (key.name === 'c' || key.name === 'd'));
}

/**
 * The terminal of prompts: keys from stdin (raw mode while a prompt reads them), frames written to stderr so
 * that stdout carries only the command's output.
 */
export const terminal: Terminal.Terminal = Terminal.make({
  columns: Effect.sync(() => process.stderr.columns ?? 80),
  rows: Effect.sync(() => process.stderr.rows ?? 24),
  size: Effect.gen(function* () {
    const queue = yield* Queue.sliding<Terminal.Size, Cause.Done>(1);
    const onResize = () =>
      Queue.offerUnsafe(queue, { columns: process.stderr.columns ?? 80, rows: process.stderr.rows ?? 24 });
    process.stderr.on('resize', onResize);
    yield* Effect.addFinalizer(() => Effect.sync(() => process.stderr.off('resize', onResize)));
    onResize();
    return queue;
  }),
  readInput: Effect.gen(function* () {
    const stdin = process.stdin;
    const queue = yield* Queue.make<Terminal.UserInput, Cause.Done>();
    const rl = readline.createInterface({ input: stdin, escapeCodeTimeout: 50 });
    readline.emitKeypressEvents(stdin, rl);
    const raw = stdin.isTTY === true;
    if (raw) stdin.setRawMode(true);
    const onKeypress = (text: string | undefined, key: readline.Key | undefined) => {
      const input: Terminal.UserInput = {
        input: Option.fromUndefinedOr(text),
        key: { name: key?.name ?? '', ctrl: !!key?.ctrl, meta: !!key?.meta, shift: !!key?.shift },
      };
      Queue.offerUnsafe(queue, input);
      if (quits(input)) Queue.endUnsafe(queue);
    };
    const onEnd = () => Queue.endUnsafe(queue);
    stdin.on('keypress', onKeypress);
    stdin.once('end', onEnd);
    rl.once('close', onEnd);
    yield* Effect.addFinalizer(() =>
      Effect.sync(() => {
        stdin.off('keypress', onKeypress);
        stdin.off('end', onEnd);
        rl.off('close', onEnd);
        if (raw) stdin.setRawMode(false);
        rl.close();
        stdin.pause();
      }),
    );
    return queue as Queue.Dequeue<Terminal.UserInput, Cause.Done>;
  }),
  readLine: Effect.callback<string, Terminal.QuitError>((resume) => {
    const rl = readline.createInterface({ input: process.stdin });
    let answered = false;
    rl.once('line', (line) => {
      answered = true;
      rl.close();
      resume(Effect.succeed(line));
    });
    rl.once('close', () => {
      if (!answered) resume(Effect.fail(new Terminal.QuitError({})));
    });
    return Effect.sync(() => rl.close());
  }),
  display: (text) =>
    Effect.callback((resume) => {
      process.stderr.write(text, (error) =>
        resume(
          error
            ? Effect.fail(badArgument({ module: 'Terminal', method: 'display', cause: error }))
            : Effect.void,
        ),
      );
    }),
});

/**
 * Everything effect/cli's Command.run needs on Node.js. The command line declares no file or path
 * parameters (it reads and writes its files with node:fs), so its FileSystem is the no-op one, and it starts no
 * child processes.
 */
export const nodeLayer = Layer.mergeAll(
  stdioLayer,
  // Colours and prompts only on a terminal; NO_COLOR, FORCE_COLOR and TERM=dumb as usual.
  TerminalCapabilities.layer.pipe(Layer.provide(stdioLayer)),
  Layer.succeed(Terminal.Terminal, terminal),
  Path.layer,
  FileSystem.layerNoop({}),
  Layer.succeed(
    ChildProcessSpawner.ChildProcessSpawner,
    ChildProcessSpawner.ChildProcessSpawner.of(
      ChildProcessSpawner.make(() => Effect.die(new Error('kitty starts no child processes'))),
    ),
  ),
);
