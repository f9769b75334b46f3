// The slice of autocannon 9's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: AutocannonRequest, context: object) => AutocannonRequest;
  }
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    /** Requests per second over all connections. */
    overallRate?: number;
    requests?: AutocannonRequest[];
  }
  interface AutocannonResult {
    duration: number;
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    '2xx': number;
    '3xx': number;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
