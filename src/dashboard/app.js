import { html, render, useEffect, useState } from './vendor/preact-htm.js';
import { openEvents, savedSecret, saveSecret } from './api.js';
import { Traffic } from './traffic.js';
import { Tokens } from './tokens.js';
import { Health } from './health.js';
import { Caller } from './caller.js';
import { OutageControl } from './outage.js';
import { hashOf, routeOf } from './route.js';
import { SessionBar, Sessions } from './sessions.js';
import { hasEnded, liveSession, mergeSessions } from './session-list.js';
import { useSessionData } from './session-data.js';

const KEEP = 500;

/** A note the page shows until the reader dismisses it (or what it tells of changes). */
function Note({ test, text, onDismiss }) {
  return html`<p class="note">
    <span data-test=${test}>${text}</span>
    <button class="dismiss" data-test=${`${test}-dismiss`} aria-label="Dismiss" title="Dismiss" onClick=${onDismiss}>
      ×
    </button>
  </p>`;
}

/** The page: one event stream feeds every view; the address (tabs, Back, Forward) chooses which one shows. */
function App() {
  const [route, setRoute] = useState(() => routeOf(location.hash));
  const view = route.view;
  const [hello, setHello] = useState(null);
  const [health, setHealth] = useState(null);
  const [rows, setRows] = useState([]);
  const [skipped, setSkipped] = useState(0);
  const [paused, setPaused] = useState(false);
  const [stream, setStream] = useState('off');
  const [pending, setPending] = useState([]);
  const [report, setReport] = useState(null);
  const [sessions, setSessions] = useState(null);
  const [note, setNote] = useState('');
  const [restarted, setRestarted] = useState('');

  // A `hello` with another run is a restarted simulator: its request numbers, sessions and report
  // start again, so what the page holds from the run before goes rather than mixing with them.
  const startOver = () => {
    setRows([]);
    setPending([]);
    setSkipped(0);
    setReport(null);
    setSessions(null);
    setRestarted('The simulator restarted: traffic, sessions and the caller report are its new run only.');
  };
  useEffect(() => {
    let run = null;
    return openEvents(
      {
        hello: (message) => {
          if (run !== null && message.run !== run) startOver();
          run = message.run;
          setHello(message);
        },
        report: setReport,
        sessions: (message) => setSessions((old) => mergeSessions(old, message, Date.now())),
        scenarios: setHealth,
        requests: ({ requests, skipped: more }) => {
          setPending((old) => [...requests.reverse(), ...old].slice(0, KEEP));
          if (more > 0) setSkipped((n) => n + more);
        },
      },
      setStream,
    );
  }, []);
  const connected = stream === 'live';
  useEffect(() => {
    const follow = () => setRoute(routeOf(location.hash));
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);

  // New requests wait in `pending` while paused, and join the table on resume.
  useEffect(() => {
    if (paused || pending.length === 0) return;
    setRows((old) => [...pending, ...old].slice(0, KEEP));
    setPending([]);
  }, [paused, pending]);

  // The session the page is filtered to; once it ends, the page falls back to all traffic and says why.
  const filter = route.session;
  const fallBack = (id) => {
    const now = routeOf(location.hash);
    if (now.session !== id) return;
    setNote(`Session ${id} is not live any more (ended, or unused past its ttl); showing all traffic.`);
    history.replaceState(null, '', hashOf({ ...now, session: null }));
    setRoute(routeOf(location.hash));
  };
  useEffect(() => {
    if (filter !== null) setNote('');
  }, [filter]);
  useEffect(() => {
    if (filter !== null && hasEnded(sessions, filter)) fallBack(filter);
  }, [filter, sessions]);
  const chosen = useSessionData(filter, liveSession(sessions, filter)?.requests, fallBack);
  const shownReport = filter === null ? report : (chosen?.report ?? null);

  const go = (name) => () => (location.hash = hashOf({ view: name, session: filter }));
  const broken = health?.lastError;
  const tab = (name, label) =>
    html`<button class=${view === name ? 'tab on' : 'tab'} data-tab=${name} onClick=${go(name)}>${label}</button>`;
  return html` <header>
      <h1>auth-sim</h1>
      ${tab('traffic', 'Live traffic')}
      ${tab('sessions', sessions?.count ? `Sessions (${sessions.count})` : 'Sessions')} ${tab('tokens', 'Tokens')}
      ${tab('caller', shownReport?.verdict === 'fail' ? 'Caller (fail)' : 'Caller')}
      ${tab('health', broken ? 'Health (broken)' : 'Health')} <${OutageControl} />
      <span class=${connected ? 'live' : 'live off'}
        >${connected ? 'live' : stream === 'secret' ? 'needs the admin secret' : 'reconnecting...'}</span
      >
    </header>
    ${
      broken &&
      html`<div class="banner" data-test="broken-banner" onClick=${go('health')}>
        A scenario file is broken; the last good set is still served: <b>${broken.problems[0]?.text}</b>
      </div>`
    }
    ${(stream === 'secret' || hello?.adminTokenRequired) && html`<${SecretBar} reads=${stream === 'secret' || hello?.readsNeedToken} />`}
    ${note && html`<${Note} test="session-note" text=${note} onDismiss=${() => setNote('')} />`}
    ${restarted && html`<${Note} test="restart-note" text=${restarted} onDismiss=${() => setRestarted('')} />`}
    <main>
      ${filter !== null && (view === 'traffic' || view === 'caller') && html`<${SessionBar} id=${filter} prefix=${chosen?.prefix} view=${view} />`}
      ${
        view === 'traffic' &&
        filter !== null &&
        html`<${Traffic}
          journalOff=${hello?.journalCapacity === 0}
          rows=${chosen?.rows ?? []}
          skipped=${0}
          live=${false}
        />`
      }
      ${
        view === 'traffic' &&
        filter === null &&
        html`<${Traffic}
          journalOff=${hello?.journalCapacity === 0}
          rows=${rows}
          skipped=${skipped}
          paused=${paused}
          waiting=${pending.length}
          onPause=${() => setPaused(!paused)}
          onClear=${() => (setRows([]), setPending([]), setSkipped(0))}
        />`
      }
      ${view === 'tokens' && html`<${Tokens} health=${health} selected=${route.token} />`}
      ${view === 'health' && html`<${Health} health=${health} />`}
      ${view === 'sessions' && html`<${Sessions} state=${sessions} />`}
      ${view === 'caller' && html`<${Caller} report=${shownReport} />`}
    </main>`;
}

/** With --admin-token, every change (and, on a host others reach, every read) needs the secret: asked once, kept for this tab only. */
function SecretBar({ reads }) {
  const [value, setValue] = useState(savedSecret());
  const [saved, setSaved] = useState(savedSecret() !== '');
  const submit = (e) => (e.preventDefault(), saveSecret(value), setSaved(true));
  return html`<form class="secret" onSubmit=${submit}>
    <label
      >Admin secret (this simulator runs with --admin-token;
      ${reads ? 'reading and changes need it' : 'changes need it'}):
      <input type="password" name="secret" value=${value} onInput=${(e) => (setValue(e.target.value), setSaved(false))}
    /></label>
    <button type="submit">Use it</button>
    <span data-test="secret-state">${saved ? 'sent with every call' : 'not set'}</span>
  </form>`;
}

const root = document.getElementById('app');
root.textContent = '';
render(html`<${App} />`, root);
