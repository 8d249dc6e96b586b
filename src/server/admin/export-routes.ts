import { Router } from 'express';
import type { ControlParts } from './control-parts';
import { runtimeScenarioText } from '../../scenario/state/runtime-export';

/**
 * `GET /export`: the runtime tokens (PUT /tokens/{token}, the dashboard, set_token) as a scenario
 * file that validates and, served, answers the same, so changes made at run time survive a restart.
 */
export function exportRoutes(parts: ControlParts): Router {
  const router = Router();
  router.get('/export', (_req, res) => {
    res
      .type('application/yaml; charset=utf-8')
      .set('content-disposition', 'attachment; filename="auth-sim-runtime.yaml"')
      .send(runtimeScenarioText(parts.runtime.texts()));
  });
  return router;
}
