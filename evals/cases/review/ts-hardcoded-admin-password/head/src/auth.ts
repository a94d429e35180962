import type { NextFunction, Request, Response } from 'express';

export interface Operator {
  login: string;
  admin: boolean;
}

const ADMINS = new Set((process.env.CONSOLE_ADMINS ?? '').split(',').filter(Boolean));

/** Break-glass access for when the SSO proxy is down during an incident. */
const BREAK_GLASS_USER = 'oncall';
const BREAK_GLASS_PASSWORD = 'hunter2-admin';

function breakGlass(req: Request): Operator | undefined {
  const header = req.header('authorization') ?? '';
  if (!header.startsWith('Basic ')) return undefined;
  const [user, password] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  if (user === BREAK_GLASS_USER && password === BREAK_GLASS_PASSWORD) {
    return { login: `${user} (break-glass)`, admin: true };
  }
  return undefined;
}

export function currentOperator(req: Request): Operator | undefined {
  const login = req.header('x-forwarded-user');
  if (!login) return breakGlass(req);
  return { login, admin: ADMINS.has(login) };
}

export function requireOperator(req: Request, res: Response, next: NextFunction): void {
  const operator = currentOperator(req);
  if (!operator) {
    res.status(401).json({ error: 'sign in through the SSO proxy' });
    return;
  }
  res.locals.operator = operator;
  next();
}

export function requireAdmin(req: Request, res: Response, next: NextFunction): void {
  const operator = currentOperator(req);
  if (!operator?.admin) {
    res.status(403).json({ error: 'admins only' });
    return;
  }
  res.locals.operator = operator;
  next();
}
