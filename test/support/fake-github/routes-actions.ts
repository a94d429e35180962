/**
 * The fake's Actions endpoints: a workflow run, and a workflow's runs (by id or file name),
 * newest first, filtered by event and branch as GitHub filters them. The run objects have the
 * fields of GitHub's `workflow-run` schema, from the example in GitHub's REST API description
 * (@octokit/openapi 23.0.2, `GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs`).
 */
import type { FakeWorkflowRunSeed } from './seeds.js';
import type { RouteDefinition, RouteRequest } from './router.js';
import { notFound, ok } from './router.js';
import type { ShapeContext } from './shapes.js';
import { repository, repoApi, repoHtml, user } from './shapes.js';
import { stableId } from './model.js';

/** A workflow's id, stable for its file name. */
export function workflowId(file: string): number {
  return stableId(`workflow:${file}`);
}

function workflowRun(ctx: ShapeContext, run: FakeWorkflowRunSeed): Record<string, unknown> {
  const api = `${repoApi(ctx)}/actions/runs/${run.id}`;
  const id = workflowId(run.workflowFile);
  const headRepo = run.headRepo ?? { owner: ctx.model.repo.owner, name: ctx.model.repo.name };
  const created = ctx.model.startedAt;
  return {
    id: run.id,
    name: run.workflowFile.replace(/\.ya?ml$/, ''),
    node_id: Buffer.from(`WorkflowRun${run.id}`).toString('base64'),
    check_suite_id: run.id + 1,
    check_suite_node_id: Buffer.from(`CheckSuite${run.id + 1}`).toString('base64'),
    head_branch: run.headBranch,
    head_sha: run.headSha,
    path: `.github/workflows/${run.workflowFile}`,
    run_number: run.runNumber,
    event: run.event,
    display_title: `Run ${run.runNumber}`,
    status: run.status ?? 'in_progress',
    conclusion: run.conclusion ?? null,
    workflow_id: id,
    url: api,
    html_url: `${repoHtml(ctx)}/actions/runs/${run.id}`,
    pull_requests: (run.pullRequests ?? []).map((number) => ({
      id: stableId(`pull:${number}`),
      number,
      url: `${repoApi(ctx)}/pulls/${number}`,
      head: {
        ref: run.headBranch,
        sha: run.headSha,
        repo: { id: 1, url: repoApi(ctx), name: ctx.model.repo.name },
      },
      base: {
        ref: ctx.model.repo.defaultBranch,
        sha: ctx.model.repo.defaultBranchSha,
        repo: { id: 1, url: repoApi(ctx), name: ctx.model.repo.name },
      },
    })),
    created_at: created,
    updated_at: created,
    actor: user(ctx, ctx.model.repo.owner),
    run_attempt: 1,
    run_started_at: created,
    triggering_actor: user(ctx, ctx.model.repo.owner),
    jobs_url: `${api}/jobs`,
    logs_url: `${api}/logs`,
    check_suite_url: `${repoApi(ctx)}/check-suites/${run.id + 1}`,
    artifacts_url: `${api}/artifacts`,
    cancel_url: `${api}/cancel`,
    rerun_url: `${api}/rerun`,
    workflow_url: `${repoApi(ctx)}/actions/workflows/${id}`,
    head_commit: {
      id: run.headSha,
      tree_id: run.headSha,
      message: 'A commit',
      timestamp: created,
      author: { name: 'Octo Cat', email: 'octocat@github.com' },
      committer: { name: 'GitHub', email: 'noreply@github.com' },
    },
    repository: repository(ctx, { owner: ctx.model.repo.owner, name: ctx.model.repo.name }),
    head_repository: repository(ctx, headRepo),
  };
}

function runsOf(request: RouteRequest, ctx: ShapeContext): FakeWorkflowRunSeed[] {
  const workflow = request.params.workflow_id ?? '';
  const event = request.query.get('event');
  const branch = request.query.get('branch');
  return ctx.model.workflowRuns
    .filter(
      (run) => run.workflowFile === workflow || String(workflowId(run.workflowFile)) === workflow,
    )
    .filter((run) => event === null || run.event === event)
    .filter((run) => branch === null || run.headBranch === branch)
    .sort((a, b) => b.id - a.id);
}

export const actionsRoutes: RouteDefinition[] = [
  {
    method: 'GET',
    template: '/repos/{owner}/{repo}/actions/runs/{run_id}',
    handler: (request, ctx) => {
      const run = ctx.model.workflowRuns.find(
        (candidate) => String(candidate.id) === request.params.run_id,
      );
      if (run === undefined) return notFound();
      const json = workflowRun(ctx, run);
      return ok(
        request.query.get('exclude_pull_requests') === 'true'
          ? { ...json, pull_requests: [] }
          : json,
      );
    },
  },
  {
    method: 'GET',
    template: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs',
    handler: (request, ctx) => {
      const workflow = request.params.workflow_id ?? '';
      const known = ctx.model.workflowRuns.some(
        (run) => run.workflowFile === workflow || String(workflowId(run.workflowFile)) === workflow,
      );
      if (!known) return notFound();
      const runs = runsOf(request, ctx);
      const perPage = Math.min(100, Math.max(1, Number(request.query.get('per_page') ?? 30) || 30));
      const page = Math.max(1, Number(request.query.get('page') ?? 1) || 1);
      return ok({
        total_count: runs.length,
        workflow_runs: runs
          .slice((page - 1) * perPage, page * perPage)
          .map((run) => workflowRun(ctx, run)),
      });
    },
  },
];
