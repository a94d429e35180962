// The review of a 40-file pull request at a real model's pace: 30 changed lines in each of 40
// files of 180 lines (1,200 changed lines, so the review fans out to three groups by default),
// with a real problem planted in every fourth file. The model is scripted by role, from what
// each request shows it:
// - a reviewer (the main agent without fan-out, or one `pr_reviewer` per group) reads the files
//   it reviews four a turn (in parallel calls), then hands in the planted findings of its files;
// - the verifier reads every candidate's file in one turn, then confirms each;
// - the main agent with fan-out calls every reviewer in one turn, then the verifier, then
//   submits the confirmed findings; without fan-out it submits what it found itself.
// Both ways read the same files at the same speed and find the same ten problems, so the
// difference is the review's shape: what runs in parallel, and what each request carries.
import path from 'node:path';
import { REPO } from './action-run.mjs';
import { callTurn, textTurn } from './fake-model-server.mjs';

const FILES = 40;
const FILE_LINES = 180;
/** The changed lines of each file: 61 to 90 of the new version. */
const FIRST_CHANGED = 61;
const CHANGED = 30;
const FILES_PER_TURN = 4;

const fileName = (f) => `src/service-${String(f).padStart(2, '0')}.ts`;

function fileLine(f, n) {
  return n >= FIRST_CHANGED && n < FIRST_CHANGED + CHANGED
    ? `  const step${n} = await client${f}.send(request, { retries: ${n % 4}, timeoutMs: ${n * 10} });`
    : `export function helper${f}x${n}(input: number): number { return input * ${n} + ${f}; }`;
}

function fileText(f) {
  return `${Array.from({ length: FILE_LINES }, (_, i) => fileLine(f, i + 1)).join('\n')}\n`;
}

/** The pull request's patch of file `f`: three lines of context, then the 30 added lines. */
function filePatch(f) {
  const context = [FIRST_CHANGED - 3, FIRST_CHANGED - 2, FIRST_CHANGED - 1];
  const added = Array.from({ length: CHANGED }, (_, i) => FIRST_CHANGED + i);
  return [
    `@@ -${context[0]},3 +${context[0]},${3 + CHANGED} @@`,
    ...context.map((n) => ` ${fileLine(f, n)}`),
    ...added.map((n) => `+${fileLine(f, n)}`),
  ].join('\n');
}

/** The problems a careful reviewer finds: one in every fourth file. */
function plantedFindings(files) {
  return files
    .filter((file) => Number(/service-(\d+)/.exec(file)?.[1]) % 4 === 0)
    .map((file) => ({
      path: file,
      line: FIRST_CHANGED + 4,
      severity: 'high',
      body: 'The request is sent again on timeout without an idempotency key, so a slow server can apply it twice. Pass the key the caller already holds.',
    }));
}

const textOf = (content) =>
  (content?.parts ?? [])
    .map((part) => part.text ?? '')
    .filter(Boolean)
    .join('\n');

const toolNames = (body) =>
  (body?.tools ?? []).flatMap((tool) => (tool.functionDeclarations ?? []).map((d) => d.name));

/** Files named in backticks on the line holding `label`. */
function filesOn(text, label) {
  const line = text.split('\n').find((candidate) => candidate.includes(label)) ?? '';
  return [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

function batches(list, size) {
  const out = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The model's answers for the review, by role; `workspace` is the checkout's folder. */
function reviewBrain(workspace) {
  const all = Array.from({ length: FILES }, (_, f) => fileName(f));
  const reads = (files) =>
    callTurn(
      files.map((file) => ({ name: 'read_file', args: { file_path: path.join(workspace, file) } })),
    );
  /** Read `files` four a turn, then hand in what was found. */
  const reviewer = (step, files, handIn) => {
    const turns = batches(files, FILES_PER_TURN);
    if (step < turns.length) return reads(turns[step]);
    if (step === turns.length) return handIn(plantedFindings(files));
    return textTurn('Handed in.');
  };
  return (body) => {
    const system = textOf(body.systemInstruction);
    // What the session was told: its task may follow a message of environment context.
    const told = (body.contents ?? [])
      .filter((content) => content.role === 'user')
      .map(textOf)
      .join('\n');
    // Turns that called tools so far (a session may open with a model turn of text, such as the
    // acknowledgement of its environment context).
    const step = (body.contents ?? []).filter(
      (content) => content.role === 'model' && content.parts?.some((part) => part.functionCall),
    ).length;
    if (system.includes('You are one of several reviewers')) {
      return reviewer(step, filesOn(told, 'Your files'), (findings) =>
        callTurn([{ name: 'complete_task', args: { findings } }]),
      );
    }
    if (system.includes('You verify the candidate findings')) {
      const candidates = [...told.matchAll(/^- (F\d+\.\d+): `([^`]+)`/gm)];
      if (step === 0) return reads([...new Set(candidates.map((match) => match[2]))]);
      if (step === 1) {
        const verdicts = candidates.map((match) => ({
          id: match[1],
          verdict: 'confirmed',
          reason: `${match[2]} sends the request again on timeout with no idempotency key.`,
        }));
        return callTurn([{ name: 'complete_task', args: { verdicts } }]);
      }
      return textTurn('Verified.');
    }
    const tools = toolNames(body);
    if (!tools.includes('submit_review')) return textTurn('ok');
    const submit = (findings) =>
      callTurn([
        {
          name: 'submit_review',
          args: {
            summary: `Retries without idempotency keys in ${findings.length} services.`,
            findings,
          },
        },
      ]);
    if (!tools.includes('pr_reviewer')) return reviewer(step, all, submit);
    const groups = Number(/split into (\d+) groups/.exec(JSON.stringify(body))?.[1]);
    if (step === 0) {
      return callTurn(
        Array.from({ length: groups }, (_, i) => ({ name: 'pr_reviewer', args: { group: i + 1 } })),
      );
    }
    if (step === 1) return callTurn([{ name: 'finding_verifier', args: {} }]);
    if (step === 2) return submit(plantedFindings(all));
    return textTurn('Review handed in.');
  };
}

/** The scenario for runAction: the pull_request event, the fake GitHub's seed, the workspace. */
export function largeReviewSpec(webhookExample, { fanout }) {
  const payload = webhookExample('pull_request', { action: 'opened' });
  payload.pull_request.draft = false;
  const pr = payload.pull_request;
  const workspaceFiles = { 'README.md': '# Services\n' };
  const files = [];
  for (let f = 0; f < FILES; f++) {
    workspaceFiles[fileName(f)] = fileText(f);
    files.push({ filename: fileName(f), status: 'modified', patch: filePatch(f) });
  }
  return {
    eventName: 'pull_request',
    payload,
    inputs: fanout ? {} : { review_fanout_lines: '0' },
    workspaceFiles,
    github: {
      repo: REPO,
      pulls: [
        {
          number: pr.number,
          title: 'Retry the service clients on timeout',
          body: 'Every service client now retries a request that timed out, with a per-call timeout.',
          user: 'Codertocat',
          head: { ref: pr.head.ref, sha: pr.head.sha },
          base: { ref: pr.base.ref, sha: pr.base.sha },
          files,
        },
      ],
    },
    script: reviewBrain,
    expectedFindings: plantedFindings(Array.from({ length: FILES }, (_, f) => fileName(f))).length,
  };
}
