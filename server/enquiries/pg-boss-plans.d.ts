/** The statements pg-boss 10 builds, read by pg-boss-db.ts to know which of them it does not wait for. */
declare module 'pg-boss/src/plans.js' {
  const plans: {
    DEFAULT_SCHEMA: string;
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  export default plans;
}
