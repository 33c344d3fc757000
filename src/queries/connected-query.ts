import { skipToken } from '@tanstack/react-query';
import type { QueryEnv } from './server-queries.ts';

/** Stands in for the connection while there is none: only a key is built from it, nothing is ever sent. */
const DISCONNECTED: QueryEnv = {
  ctx: { url: '' },
  fetch: () => Promise.reject(new Error('not connected')),
  viaRelay: false,
  nonce: -1,
};

/**
 * The options `factory(env)` builds while connected; while not connected (`env` null) the same query disabled with
 * `skipToken`, so no option factory ever reads a connection that is not there and no request is sent.
 */
export function connectedQuery<O extends object>(env: QueryEnv | null, factory: (env: QueryEnv) => O): O {
  return env ? factory(env) : { ...factory(DISCONNECTED), queryFn: skipToken };
}
