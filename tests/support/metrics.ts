/** The value of one series (`name{label="…",…}` exactly as exposed) in Prometheus text; 0 when absent. */
export function metricValue(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
