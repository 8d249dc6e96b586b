'use strict';
/**
 * Preloaded into a server under test (`node -r bench/profile-window.js ...`) by
 * profile-request.js: the first SIGUSR2 starts V8's CPU profiler, the second stops it and writes
 * the profile to $AUTH_SIM_PROFILE_OUT, so the profile holds the timed load alone (no start-up,
 * no warm-up), which `node --cpu-prof` cannot do.
 */
const fs = require('node:fs');
const inspector = require('node:inspector');

const session = new inspector.Session();
session.connect();
let running = false;

process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 250 }, () => session.post('Profiler.start')),
    );
    return;
  }
  session.post('Profiler.stop', (error, result) => {
    fs.writeFileSync(process.env.AUTH_SIM_PROFILE_OUT, error ? '' : JSON.stringify(result.profile));
  });
});
