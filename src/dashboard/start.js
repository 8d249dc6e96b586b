// Starts the dashboard: imports app.js (and through it every module of the page), and when one of
// them does not arrive, imports it again after a moment instead of leaving the page at "loading
// the dashboard..." for good. A request can fail with nothing wrong at either end: Chromium fails
// the requests waiting for a connection (the page asks for ~20 files at once, a host gets six)
// with ERR_NETWORK_CHANGED when a network interface comes or goes (a container starting or
// stopping, a VPN, a Wi-Fi switch), and a module graph with one failed file never runs. A failed
// module fetch is not kept, so the next import asks for it again. A classic script, not a module:
// it must run when the modules do not.
{
  const app = document.getElementById('app');
  const TRIES = 6;
  const start = (tried) =>
    import('./app.js').catch(() => {
      if (tried + 1 >= TRIES) {
        app.textContent = `The dashboard's scripts did not arrive in ${TRIES} tries: is the simulator still running? Reload the page to try again.`;
        return;
      }
      app.textContent = 'loading the dashboard... (a script did not arrive; trying again)';
      setTimeout(() => start(tried + 1), 250 * 2 ** tried);
    });
  start(0);
}
