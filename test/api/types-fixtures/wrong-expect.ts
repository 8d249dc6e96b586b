import type { ScenarioFile } from 'auth-sim';

export const file: ScenarioFile = {
  tokens: { retry: { status: 503, expect: { backoff: 'exponentail' } } },
};
