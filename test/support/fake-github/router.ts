/**
 * Routing and the small vocabulary the fake's endpoints answer with: GitHub's error bodies,
 * pagination with `Link` headers (what Octokit's `paginate` follows), and typed reads of a JSON
 * body that may be anything a buggy client sent.
 */
import type { ShapeContext } from './shapes.js';

export interface RouteRequest {
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, if any. */
  body: unknown;
  /** The `Accept` header, lowercased. */
  accept: string;
  /** The request's absolute URL on the fake, for `Link` headers. */
  url: URL;
  /** The login the fake acts as: comments, reactions and reviews are posted by it. */
  actor: string;
}

export interface Reply {
  status: number;
  json?: unknown;
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export type Handler = (request: RouteRequest, ctx: ShapeContext) => Reply;

export interface RouteDefinition {
  method: string;
  /** An OpenAPI path template, e.g. `/repos/{owner}/{repo}/issues/{issue_number}`. */
  template: string;
  handler: Handler;
}

const DOCS = 'https://docs.github.com/rest';

export function ok(json: unknown, status = 200): Reply {
  return { status, json };
}

export function error(status: number, message: string, extra: Record<string, unknown> = {}) {
  return {
    status,
    json: { message, ...extra, documentation_url: DOCS, status: String(status) },
  } satisfies Reply;
}

export function notFound(): Reply {
  return error(404, 'Not Found');
}

export interface FieldError {
  resource: string;
  field?: string;
  code: 'missing' | 'missing_field' | 'invalid' | 'already_exists' | 'unprocessable' | 'custom';
  message?: string;
}

/** GitHub's 422: `Validation Failed` with the fields at fault, or a message of its own. */
export function validationFailed(errors: FieldError[] | string[], message = 'Validation Failed') {
  return error(422, message, { errors });
}

/** Parameters that hold slash-separated values; as a route's last segment they take the rest. */
const SLASH_PARAMETERS = new Set(['path', 'ref']);

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The route for a request and its path parameters; most literal segments win. */
export function findRoute(
  routes: readonly RouteDefinition[],
  method: string,
  path: string,
): { route: RouteDefinition; params: Record<string, string> } | undefined {
  const segments = path.split('/');
  const matches = routes
    .filter((route) => route.method === method)
    .map((route) => ({ route, params: matchTemplate(route.template, segments) }))
    .filter(
      (match): match is { route: RouteDefinition; params: Record<string, string> } =>
        match.params !== undefined,
    )
    .sort((a, b) => literals(b.route.template) - literals(a.route.template));
  return matches[0];
}

function literals(template: string): number {
  return template.split('/').filter((segment) => !segment.startsWith('{')).length;
}

function matchTemplate(template: string, segments: string[]): Record<string, string> | undefined {
  const parts = template.split('/');
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const name = part.startsWith('{') ? part.slice(1, -1) : undefined;
    const rest = index === parts.length - 1 && name !== undefined && SLASH_PARAMETERS.has(name);
    const raw = rest ? segments.slice(index).join('/') : segments[index];
    if (raw === undefined) return undefined;
    const value = rest ? raw.split('/').map(decode).join('/') : decode(raw);
    if (value === undefined) return undefined;
    if (name === undefined) {
      if (value !== part) return undefined;
      continue;
    }
    if (value === '') return undefined;
    // Numbers and ids are digits: `/issues/comments` is not issue "comments". A workflow is also
    // named by its file (`gemini-review.yml`).
    if (/(_number|_id)$/.test(name) && name !== 'workflow_id' && !/^\d+$/.test(value)) {
      return undefined;
    }
    params[name] = value;
    if (rest) return params;
  }
  return segments.length === parts.length ? params : undefined;
}

/** A page of `items` as GitHub pages lists: `per_page` (30, at most 100), `page`, `Link`. */
export function paginate(request: RouteRequest, items: readonly unknown[]): Reply {
  const perPage = Math.min(100, Math.max(1, Number(request.query.get('per_page') ?? 30) || 30));
  const page = Math.max(1, Number(request.query.get('page') ?? 1) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (target: number, rel: string) => {
    const url = new URL(request.url);
    url.searchParams.set('page', String(target));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links = [
    ...(page > 1 ? [link(page - 1, 'prev')] : []),
    ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
    ...(page > 1 ? [link(1, 'first')] : []),
  ];
  return {
    status: 200,
    json: items.slice((page - 1) * perPage, page * perPage),
    ...(links.length > 0 ? { headers: { link: links.join(', ') } } : {}),
  };
}

function asObject(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

export function stringField(body: unknown, name: string): string | undefined {
  const value = asObject(body)[name];
  return typeof value === 'string' ? value : undefined;
}

export function numberField(body: unknown, name: string): number | undefined {
  const value = asObject(body)[name];
  return typeof value === 'number' ? value : undefined;
}

export function booleanField(body: unknown, name: string): boolean | undefined {
  const value = asObject(body)[name];
  return typeof value === 'boolean' ? value : undefined;
}

export function arrayField(body: unknown, name: string): unknown[] | undefined {
  const value = asObject(body)[name];
  return Array.isArray(value) ? (value as unknown[]) : undefined;
}

/** GitHub's limit on comment, review and pull request bodies, in characters. */
export const BODY_LIMIT = 65_536;

/** Characters as GitHub counts them: code points, so an emoji is one and not two. */
export function characterCount(text: string): number {
  return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
}

/** GitHub's 422 for a body longer than it stores; undefined for one that fits. */
export function bodyTooLong(text: string | null | undefined, resource: string): Reply | undefined {
  if (text === null || text === undefined || characterCount(text) <= BODY_LIMIT) return undefined;
  return validationFailed([
    {
      resource,
      code: 'custom',
      field: 'body',
      message: `body is too long (maximum is ${BODY_LIMIT} characters)`,
    },
  ]);
}

/**
 * The comment body of a create or edit request, or GitHub's 422 when it is missing, empty or
 * longer than GitHub stores.
 */
export function commentBody(body: unknown, resource: string): string | Reply {
  const text = stringField(body, 'body');
  if (text === undefined || text === '') {
    return validationFailed([{ resource, code: 'missing_field', field: 'body' }]);
  }
  return bodyTooLong(text, resource) ?? text;
}

export function isReply(value: unknown): value is Reply {
  return value !== null && typeof value === 'object' && 'status' in value;
}
