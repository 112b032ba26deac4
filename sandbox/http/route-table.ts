import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
}
export type RouteHandler = (ctx: RequestContext) => Promise<void> | void;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: RouteHandler;
}

export type RouteMatch =
  | { kind: 'found'; handler: RouteHandler; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

/** Paths like `/{country}/{tenant}/v1/case`: each `{name}` matches one non-empty segment. */
export class RouteTable {
  private readonly routes: Route[] = [];

  add(method: string, path: string, handler: RouteHandler): this {
    const names: string[] = [];
    const source = path
      .split('/')
      .map((segment) => {
        const m = /^\{(\w+)\}$/.exec(segment);
        if (!m?.[1]) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        names.push(m[1]);
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}$`), names, handler });
    return this;
  }

  match(method: string, pathname: string): RouteMatch {
    const allow: string[] = [];
    for (const route of this.routes) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      if (route.method !== method) {
        allow.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = safeDecode(m[i + 1] ?? '');
      });
      return { kind: 'found', handler: route.handler, params };
    }
    return allow.length > 0 ? { kind: 'method_not_allowed', allow } : { kind: 'not_found' };
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
