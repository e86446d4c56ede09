"""Prints one freon --json report as "ops/s, p50/p99 ms" (or only the median with --p50) for benchmarks/run.sh."""
import json
import sys

args = sys.argv[1:]
only_median = args[:1] == ["--p50"]
report = json.load(open(args[-1]))
latency = report.get("latencyMillis", {})
if only_median:
    print(f"{latency.get('p50', 0):.1f}")
else:
    failures = report.get("failures", 0)
    print(f"{report.get('operationsPerSecond', 0):,.0f}/s, p50 {latency.get('p50', 0):.2f} ms, "
          f"p99 {latency.get('p99', 0):.2f} ms" + (f", {failures} failed" if failures else ""))
