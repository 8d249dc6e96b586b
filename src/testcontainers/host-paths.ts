import path from 'node:path';
import { describeResult, type JudgedReport } from '../caller-report/judge-report';

/**
 * The report with the places of its expectations as the host sees them: the container reads the
 * scenario folder at `containerDir` (`/scenarios`), the user wrote it at `hostDir`, and a failure
 * must name the file they can open. The failure and warning lines are written again from the
 * mapped places, by the one function that wrote them, rather than edited as text.
 */
export function withHostPaths(report: JudgedReport, containerDir: string, hostDir: string): JudgedReport {
  const prefix = `${containerDir}/`;
  const expectations = report.expectations.map((r) =>
    r.where.startsWith(prefix) ? { ...r, where: path.join(hostDir, r.where.slice(prefix.length)) } : r,
  );
  return {
    ...report,
    expectations,
    failures: expectations.filter((r) => r.outcome === 'fail').map(describeResult),
    warnings: expectations.filter((r) => r.outcome === 'warn').map(describeResult),
  };
}
