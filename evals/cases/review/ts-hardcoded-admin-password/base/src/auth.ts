import type { NextFunction, Request, Response } from 'express';

export interface Operator {
  login: string;
  admin: boolean;
}

const ADMINS = new Set((process.env.CONSOLE_ADMINS ?? '').split(',').filter(Boolean));

export function currentOperator(req: Request): Operator | undefined {
  const login = req.header('x-forwarded-user');
  if (!login) return undefined;
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
