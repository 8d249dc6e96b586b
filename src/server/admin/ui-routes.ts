import path from 'node:path';
import express, { Router } from 'express';

/**
 * Where the built dashboard lives: dist/dashboard under the package root, the same from the
 * compiled code (dist/server/admin) and from the sources under test (src/server/admin).
 */
export const DASHBOARD_DIR = path.resolve(__dirname, '..', '..', '..', 'dist', 'dashboard');

/** `GET /ui/`: the dashboard's page and assets, all from the package (no network needed). */
export function uiRoutes(): Router {
  const router = Router();
  // Express matches /ui and /ui/ alike; the page's relative asset URLs need the slash.
  router.get('/ui', (req, res, next) =>
    req.originalUrl.split('?')[0].endsWith('/') ? next() : res.redirect(301, `${req.baseUrl}/ui/`),
  );
  router.use(
    '/ui',
    express.static(DASHBOARD_DIR, {
      index: 'index.html',
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', 'no-cache'),
    }),
  );
  return router;
}
