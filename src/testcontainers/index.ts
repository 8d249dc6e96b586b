/**
 * `import { AuthSimContainer } from 'auth-sim/testcontainers'`: the image as a Testcontainers
 * module. Loaded only through this entry, so `testcontainers` is needed only by those who use it.
 */
export { AuthSimContainer, StartedAuthSimContainer } from './auth-sim-container';
export type { ContainerClock } from './container-clock';
export type { ClockStatus } from '../server/admin/clock-change';
