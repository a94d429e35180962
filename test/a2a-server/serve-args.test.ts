import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseServeArgs, SERVE_USAGE } from '../../src/cli/a2a-server/serve-args.js';

describe('parseServeArgs', () => {
  it('listens on loopback at 41242 by default, working in the current directory', () => {
    expect(parseServeArgs([], '/work/repo')).toEqual({
      host: '127.0.0.1',
      port: 41242,
      publicUrl: undefined,
      repo: '/work/repo',
      roots: [],
      tokenFile: undefined,
      extensions: [],
      model: undefined,
      fallbackModel: undefined,
      policyFiles: [],
      allowCommands: [],
      mode: 'invoke',
      sandbox: 'auto',
      confirmationTimeoutSeconds: 600,
      storeRequests: false,
      replay: undefined,
      debug: false,
      help: false,
    });
  });

  it('reads every flag', () => {
    const options = parseServeArgs(
      [
        '--host',
        '::1',
        '--port',
        '0',
        '--public-url',
        'https://agent.example/',
        '--repo',
        'ws',
        '--root',
        '/srv/a',
        '--root',
        'b',
        '--token-file',
        '/etc/token',
        '--extension',
        'ext/gcp',
        '--extension',
        '/opt/lint',
        '-m',
        'flash',
        '--mode',
        'review',
        '--policy',
        'p.toml',
        '--allow-command',
        'npm test',
        '--sandbox',
        'none',
        '--confirmation-timeout',
        '1.5',
        '--replay',
        'session.jsonl',
        '-d',
      ],
      '/work',
    );
    expect(options).toMatchObject({
      host: '::1',
      port: 0,
      publicUrl: 'https://agent.example/',
      repo: '/work/ws',
      roots: ['/srv/a', path.join('/work', 'b')],
      tokenFile: '/etc/token',
      extensions: [path.join('/work', 'ext', 'gcp'), '/opt/lint'],
      model: 'flash',
      mode: 'review',
      policyFiles: ['p.toml'],
      allowCommands: ['npm test'],
      sandbox: 'none',
      confirmationTimeoutSeconds: 1.5,
      replay: path.join('/work', 'session.jsonl'),
      debug: true,
    });
  });

  it.each(['0.0.0.0', '::', '[::]', '0:0:0:0:0:0:0:0'])(
    'refuses --host %s, which names no address a client could use, without --public-url',
    (host) => {
      expect(() => parseServeArgs(['--host', host], '/work')).toThrow(
        `--host ${host} listens on every address of this machine, so the agent card cannot say which one reaches it: pass --public-url`,
      );
      expect(
        parseServeArgs(['--host', host, '--public-url', 'http://agent.example:41242'], '/work'),
      ).toMatchObject({ host, publicUrl: 'http://agent.example:41242/' });
    },
  );

  it('takes a specific address as the one clients use', () => {
    expect(parseServeArgs(['--host', '192.0.2.7'], '/work')).toMatchObject({
      host: '192.0.2.7',
      publicUrl: undefined,
    });
  });

  it.each([
    [['--port', '70000'], '--port expects a port number from 0 to 65535, got "70000".'],
    [['--port', 'http'], '--port expects a port number from 0 to 65535, got "http".'],
    [
      ['--confirmation-timeout', '0'],
      '--confirmation-timeout expects a positive number of seconds, got "0".',
    ],
    [['--public-url', 'ftp://x'], '--public-url expects an http(s) URL, got "ftp://x".'],
    [['--sandbox', 'docker'], '--sandbox expects one of'],
    [['--mode', 'yolo'], '--mode expects one of'],
    [['--token', 'abc'], `Unknown option '--token'. Run "gemini-agent serve --help" for usage.`],
    [['now'], 'serve takes no positional arguments'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseServeArgs(argv, '/work')).toThrow(message);
  });

  it('documents every flag it reads', () => {
    for (const flag of [
      '--host',
      '--port',
      '--public-url',
      '--repo',
      '--root',
      '--token-file',
      '--extension',
      '--model',
      '--fallback-model',
      '--mode',
      '--policy',
      '--allow-command',
      '--sandbox',
      '--confirmation-timeout',
      '--replay',
    ]) {
      expect(SERVE_USAGE).toContain(flag);
    }
  });
});
