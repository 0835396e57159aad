/** The part of autocannon 8's API the load bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
