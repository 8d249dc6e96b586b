/** The forms the caller report is served in (`GET /report?format=`, `auth-sim report`): JSON, JUnit XML, Markdown, and one self-contained HTML page. */
export const CALLER_REPORT_FORMATS = ['json', 'junit', 'markdown', 'html'] as const;

export type CallerReportFormat = (typeof CALLER_REPORT_FORMATS)[number];
