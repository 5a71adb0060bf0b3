/**
 * Whether this process can serve: false from the moment it listens until the database
 * migrations have run, so a load balancer's readiness probe (GET /api/health/ready) keeps
 * traffic away while the schema is changing.
 */
export interface Readiness {
  readonly ready: boolean;
  markReady(): void;
}

export function createReadiness(ready = false): Readiness {
  let state = ready;
  return {
    get ready() {
      return state;
    },
    markReady() {
      state = true;
    },
  };
}
