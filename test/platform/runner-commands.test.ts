// The Action's workflow commands against `@actions/core`, the runner's reference client: the same
// bytes on stdout and in the output and summary files, for the same calls.
import * as core from '@actions/core';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runnerLogger } from '../../src/platform/actions-logger.js';
import {
  annotate,
  issueCommand,
  logLine,
  runnerCommands,
} from '../../src/platform/runner-commands.js';
import { neutralText } from '../../src/platform/text.js';
import { readRunnerStdout } from '../support/runner-stdout.js';

/** Text that needs every escape: percent signs, line breaks, colons and commas. */
const AWKWARD = 'line one: 100% done,\r\nline two\nthree';

const FILE_VARIABLES = ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY'] as const;
const savedFiles = FILE_VARIABLES.map((name) => process.env[name]);
const savedExitCode = process.exitCode;
afterEach(() => {
  vi.restoreAllMocks();
  FILE_VARIABLES.forEach((name, i) => {
    const saved = savedFiles[i];
    if (saved === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = saved;
  });
  process.exitCode = savedExitCode;
});

/** What `@actions/core` writes to stdout while `act` runs. */
function coreStdout(act: () => void): string {
  const written: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  act();
  vi.restoreAllMocks();
  return written.join('');
}

/** A runner's file-command files: empty files for outputs and the summary. */
async function runnerFiles(): Promise<{ GITHUB_OUTPUT: string; GITHUB_STEP_SUMMARY: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'runner-files-'));
  const files = {
    GITHUB_OUTPUT: path.join(dir, 'output'),
    GITHUB_STEP_SUMMARY: path.join(dir, 'summary'),
  };
  await writeFile(files.GITHUB_OUTPUT, '');
  await writeFile(files.GITHUB_STEP_SUMMARY, '');
  return files;
}

/** The output file with its random heredoc delimiters made comparable. */
function sameDelimiters(text: string): string {
  return text.replace(/ghadelimiter_[0-9a-f-]{36}/g, 'ghadelimiter_X');
}

describe('runner commands', () => {
  it('writes log lines, annotations and masks as @actions/core does', () => {
    const ours: string[] = [];
    const write = (text: string) => {
      ours.push(text);
    };
    for (const message of [AWKWARD, '', 'plain']) {
      ours.length = 0;
      issueCommand('debug', message, {}, write);
      // A log line's CR is a line break to the runner: it is written as one.
      logLine(message, write);
      issueCommand('warning', message, {}, write);
      issueCommand('error', message, {}, write);
      runnerCommands({}, write).setSecret(message);
      const theirs = coreStdout(() => {
        core.debug(message);
        core.info(message.replace(/\r\n/g, '\n'));
        core.warning(message);
        core.error(message);
        core.setSecret(message);
      });
      expect(ours.join('')).toBe(theirs);
    }
  });

  it('logs a message the runner would read as commands between stop-commands markers', () => {
    const ours: string[] = [];
    const hostile = 'version 1.0\n::error title=x::pwned\n  ::add-mask::x\n##[set-output name=a;]b';
    logLine(hostile, (text) => ours.push(text));
    logLine(hostile, (text) => ours.push(text));
    const [first, second] = ours;
    const token = /^::stop-commands::([0-9a-f-]{36})\r?\n/.exec(first ?? '')?.[1];
    expect(token).toBeDefined();
    expect(first).toBe(
      `::stop-commands::${token}${os.EOL}${hostile}${os.EOL}::${token}::${os.EOL}`,
    );
    // A new token for every message: one seen in the log is no use later.
    expect(second).not.toContain(token);
    const read = readRunnerStdout(ours.join('') + '::error::ours\n');
    expect(read.commands.map((command) => [command.name, command.data])).toEqual([
      ['error', 'ours'],
    ]);
    expect(read.stopped).toBe(false);
    expect(read.text).toEqual(
      expect.arrayContaining(['::error title=x::pwned', '  ::add-mask::x']),
    );
  });

  it('makes every message neutral, in log lines and in annotations', () => {
    const ours: string[] = [];
    const write = (text: string) => {
      ours.push(text);
    };
    const logger = runnerLogger(write);
    const hostile =
      'a\u001b[2J\u001b]8;;https://x.test\u0007link\u001b]8;;\u0007\r::add-mask::x\u009b1m\u202eb';
    logger.info(hostile);
    logger.warning(hostile);
    logger.error(hostile);
    logger.debug(hostile);
    annotate('warning', 'm', { title: hostile }, write);
    const stdout = ours.join('');
    // eslint-disable-next-line no-control-regex -- the assertion is about control characters
    expect(stdout.replace(/\r?\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    const read = readRunnerStdout(stdout);
    expect(read.commands.map((command) => command.name)).toEqual([
      'warning',
      'error',
      'debug',
      'warning',
    ]);
    expect(read.commands[0]?.data).toBe(neutralText(hostile));
    expect(read.commands.every((command) => command.name !== 'add-mask')).toBe(true);
  });

  it('escapes command properties as @actions/core does', () => {
    const ours: string[] = [];
    issueCommand('warning', AWKWARD, { title: AWKWARD, file: '' }, (text) => ours.push(text));
    const theirs = coreStdout(() => {
      core.warning(AWKWARD, { title: AWKWARD, file: '' });
    });
    expect(ours.join('')).toBe(theirs);
  });

  it('appends outputs to GITHUB_OUTPUT as @actions/core does', async () => {
    const [mine, reference] = [await runnerFiles(), await runnerFiles()];
    const commands = runnerCommands(mine, () => undefined);
    commands.setOutput('summary', AWKWARD);
    commands.setOutput('empty', '');
    Object.assign(process.env, reference);
    core.setOutput('summary', AWKWARD);
    core.setOutput('empty', '');

    const ours = await readFile(mine.GITHUB_OUTPUT, 'utf8');
    expect(ours).toContain(`summary<<ghadelimiter_`);
    expect(sameDelimiters(ours)).toBe(
      sameDelimiters(await readFile(reference.GITHUB_OUTPUT, 'utf8')),
    );
  });

  it('falls back to the set-output command without GITHUB_OUTPUT, as @actions/core does', () => {
    const ours: string[] = [];
    runnerCommands({}, (text) => ours.push(text)).setOutput('comment_url', AWKWARD);
    Reflect.deleteProperty(process.env, 'GITHUB_OUTPUT');
    const theirs = coreStdout(() => {
      core.setOutput('comment_url', AWKWARD);
    });
    expect(ours.join('')).toBe(theirs);
  });

  it('refuses an output file that does not exist', async () => {
    const files = await runnerFiles();
    const commands = runnerCommands(
      { GITHUB_OUTPUT: `${files.GITHUB_OUTPUT}-gone` },
      () => undefined,
    );
    expect(() => {
      commands.setOutput('conclusion', 'success');
    }).toThrow(`Missing file at path: ${files.GITHUB_OUTPUT}-gone`);
  });

  it('appends the job summary as @actions/core does, and empties its buffer', async () => {
    const [mine, reference] = [await runnerFiles(), await runnerFiles()];
    const { summary } = runnerCommands(mine, () => undefined);
    await summary.addRaw('# Result', true).addRaw(AWKWARD).write();
    await summary.addRaw('second write', true).write();
    Object.assign(process.env, reference);
    await core.summary.addRaw('# Result', true).addRaw(AWKWARD).write();
    await core.summary.addRaw('second write', true).write();

    const ours = await readFile(mine.GITHUB_STEP_SUMMARY, 'utf8');
    expect(ours).toBe(`# Result${os.EOL}${AWKWARD}second write${os.EOL}`);
    expect(ours).toBe(await readFile(reference.GITHUB_STEP_SUMMARY, 'utf8'));
  });

  it('says which variable is missing when there is no summary file', async () => {
    const { summary } = runnerCommands({}, () => undefined);
    await expect(summary.addRaw('x').write()).rejects.toThrow(
      'Unable to find environment variable for $GITHUB_STEP_SUMMARY',
    );
  });

  it('fails the step with an error annotation', () => {
    const ours: string[] = [];
    runnerCommands({}, (text) => ours.push(text)).setFailed(AWKWARD);
    expect(process.exitCode).toBe(1);
    process.exitCode = savedExitCode;
    const theirs = coreStdout(() => {
      core.setFailed(neutralText(AWKWARD));
    });
    expect(process.exitCode).toBe(1);
    expect(ours.join('')).toBe(theirs);
  });
});
