import autocannon from 'autocannon';

export interface RoundResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  requests: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One autocannon round over `paths` (picked at random per request); latencies in ms. */
export async function loadRound(
  baseUrl: string,
  paths: string[],
  opts: { connections: number; seconds: number },
): Promise<RoundResult> {
  const latencies: number[] = [];
  let finish: (r: autocannon.Result) => void = () => undefined;
  let fail: (e: Error) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: baseUrl,
      connections: opts.connections,
      duration: opts.seconds,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)]! }),
        },
      ],
    },
    (err, res) => (err ? fail(err) : finish(res)),
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    latencies.push(responseTime);
  });
  const result = await done;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.total / (result.duration || opts.seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

export function median(values: number[]): number {
  const s = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The per-field median of several rounds (errors are summed: any error in any round counts). */
export function medianOf(rounds: RoundResult[]): RoundResult {
  return {
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p95: median(rounds.map((r) => r.p95)),
    p99: median(rounds.map((r) => r.p99)),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    requests: rounds.reduce((n, r) => n + r.requests, 0),
  };
}
