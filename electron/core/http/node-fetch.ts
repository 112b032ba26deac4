import * as http from 'node:http';
import { readEarlyAnswers } from './early-answer';
import type { HttpFetch } from './http-fetch';

export type ProxyEnv = Record<string, string | undefined>;

const PROXY_VARS = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'] as const;

let restoreProxy: (() => void) | undefined;

/** True when the environment names a proxy and Node was not already started with NODE_USE_ENV_PROXY=1. */
export function needsProxySetup(env: ProxyEnv): boolean {
  const named = PROXY_VARS.some((name) => (env[name] ?? '').trim() !== '');
  return named && env.NODE_USE_ENV_PROXY !== '1';
}

/**
 * Node's global fetch with HTTP(S)_PROXY / NO_PROXY honoured, whose sockets read an answer the server sent
 * while the body was still being written even when the next write fails (early-answer.ts). Node 24 only reads those variables when
 * started with NODE_USE_ENV_PROXY=1 (or --use-env-proxy); `http.setGlobalProxyFromEnv()` turns the same
 * support on at run time for fetch and http(s).request, so no extra package is needed. It changes
 * process-wide agents, hence once per process and before the first request.
 */
export function createNodeFetch(env: ProxyEnv = process.env): HttpFetch {
  readEarlyAnswers();
  if (!restoreProxy && needsProxySetup(env)) restoreProxy = switchOnEnvProxy(env);
  return (url, init) => fetch(url, init);
}

// Looked up at run time, not imported by name: a Node without it (22.x, which `engines` allows, and the
// built agent targets) would otherwise fail to load the whole module, proxy or not.
type SetGlobalProxyFromEnv = (env: ProxyEnv) => () => void;

function switchOnEnvProxy(env: ProxyEnv): () => void {
  const setGlobalProxyFromEnv = (http as { setGlobalProxyFromEnv?: SetGlobalProxyFromEnv }).setGlobalProxyFromEnv;
  if (typeof setGlobalProxyFromEnv !== 'function') {
    throw new Error(
      `HTTP(S)_PROXY is set, but Node ${process.version} cannot switch proxy support on at run time: ` +
        'start it with NODE_USE_ENV_PROXY=1 (or use Node 24 LTS)',
    );
  }
  return setGlobalProxyFromEnv(env);
}

/** Undoes what createNodeFetch switched on (tests; a settings change that removes the proxy). */
export function disableEnvProxy(): void {
  restoreProxy?.();
  restoreProxy = undefined;
}
