/**
 * The public programmatic API: `import { startSimulator } from 'auth-sim'` starts a simulator
 * inside a test suite, on a free port, from scenarios given as values or paths.
 */
export { startSimulator } from './api/start-simulator';
export { connectSimulator } from './api/connect-simulator';
export type { ConnectOptions, RemoteSimulator } from './api/connect-simulator';
export type {
  SessionOptions,
  SessionReport,
  SimulatorSession,
  WaitOptions,
  WaitTarget,
  Waits,
} from './api/session-handle';
export { ScenarioError } from './scenario/base/scenario-error';
export type {
  CallerReport,
  ScenarioInput,
  SimulatorHandle,
  SimulatorStatus,
  StartOptions,
} from './api/start-simulator';
export type { ClockStatus, SimulatorClock } from './api/simulator-clock';
export type { ClockChange, SessionBody } from './api/admin-body-types';
export type { ExpectationResult } from './caller-report/judge-report';
export type { TokenReport } from './caller-report/build-report';
export type {
  Delay,
  Duration,
  Fault,
  GenerateItem,
  ResponseFields,
  ScenarioDefaults,
  ScenarioEntry,
  ScenarioFile,
  ScenarioStep,
  CallerCredentialText,
  CountExpectation,
  DurationRange,
  RateLimit,
  RunExpectations,
  TokenExpectations,
} from './api/scenario-types';
export type { ResourceInput } from './protocol/resource-types';
export type { JournalEntry, JournalFilter, MatchKind } from './server/endpoint/journal';
export type { ResetCounts } from './server/admin/control-parts';
export type { Problem, SourceRef } from './scenario/base/problem';
export type { ScenarioStatus } from './scenario/live/scenario-store';
export type { TokenOrigin } from './server/endpoint/request-token';
export type { WireOptions, WireStyle } from './protocol/wire-encode';
export type { TlsOptions, ServedTls } from './tls/server-tls';
export { TlsSetupError } from './tls/server-tls';
export type { TlsFailure } from './server/simulator-options';
export { CallerAuthError } from './caller-auth/caller-guard';
/** Makes certificates for tests: a CA, a client certificate it signs, an expired one. */
export { issueCertificate } from './tls/issue-certificate';
export type { CertificateSpec, IssuedCertificate } from './tls/issue-certificate';
