import { Router } from 'express';
import { RUNTIME_FILE } from '../../scenario/state/runtime-tokens';
import type { CompiledEntry, ScenarioSet } from '../../scenario/scenario-set';
import type { TokenStates } from '../../scenario/state/token-state';
import type { AdminParts } from './admin-parts';

/** Tokens listed at most per call; `q` narrows a large set down. */
const LIST_LIMIT = 500;

/** Where a token's answer comes from, as the journal's `matched` names it. */
type TokenKind = 'admin' | 'token' | 'population' | 'fallback' | 'unavailable';

/**
 * `GET /tokens` (the tokens served by name, runtime ones first, and the populations; `q` filters
 * by substring) and `GET /tokens/{token}` (what that token is answered with: status, headers,
 * body bytes, delay, fault, where the entry was written, and its sequence/expiry state).
 */
export function tokenViewRoutes(parts: AdminParts & { readonly states?: TokenStates }): Router {
  const router = Router();
  router.get('/tokens', (req, res) => {
    const q = typeof req.query.q === 'string' ? req.query.q.toLowerCase() : '';
    const set = parts.store.set;
    const all = [
      ...parts.runtime.tokens().map((token) => ({ token, kind: 'admin' as TokenKind, source: RUNTIME_FILE })),
      ...[...set.entries].map(([token, entry]) => ({ token, kind: 'token' as TokenKind, source: `${entry.source.file}:${entry.source.line}` })),
    ];
    const found = q === '' ? all : all.filter((t) => t.token.toLowerCase().includes(q) || t.source.toLowerCase().includes(q));
    const populations = set.populations.map((p) => ({ description: p.description, size: p.size }));
    res.json({ total: found.length, tokens: found.slice(0, LIST_LIMIT), populations });
  });
  router.get('/tokens/:token', (req, res) => {
    const token = req.params.token as string;
    const set = parts.store.set;
    const { kind, entry } = findEntry(set, parts.runtime.get(token), token);
    // Without the states: the answer to the token's first request, leaving its real state untouched.
    const answer = entry.answer({ token });
    const { reply } = answer;
    const body = reply.body ?? Buffer.alloc(0);
    res.json({
      token,
      kind,
      source: entry.source.line > 0 ? `${entry.source.file}:${entry.source.line}` : entry.source.file,
      status: reply.status,
      headers: reply.headers,
      bodyNone: reply.body === null,
      body: body.toString('utf8'),
      bodyBase64: body.toString('base64'),
      bodyBytes: body.length,
      delayMs: answer.delayMs,
      fault: answer.fault?.name ?? null,
      state: parts.states?.list(token)[0] ?? null,
    });
  });
  return router;
}

/** The same order as the protocol path's lookup (createServedTokens, lookupEntry), naming the kind found. */
function findEntry(set: ScenarioSet, runtime: CompiledEntry | undefined, token: string): { kind: TokenKind; entry: CompiledEntry } {
  if (runtime) return { kind: 'admin', entry: runtime };
  if (set.unavailable) return { kind: 'unavailable', entry: set.unavailable };
  const named = set.entries.get(token);
  if (named) return { kind: 'token', entry: named };
  for (const population of set.populations) {
    const entry = population.match(token);
    if (entry) return { kind: 'population', entry };
  }
  return { kind: 'fallback', entry: set.fallback };
}
