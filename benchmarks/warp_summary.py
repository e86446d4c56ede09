"""Prints a warp report (the text of `warp analyze`, or of a run) as "OBJ/S obj/s, p50 X ms, p99 Y ms" for
benchmarks/run.sh (mixed: the operations' rates summed, the worst p50 and p99 of them)."""
import re
import sys

UNITS = {"ns": 1e-6, "µs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1000.0}


def millis(text):
    match = re.match(r"([\d.]+)(ns|µs|us|ms|s)", text)
    return float(match.group(1)) * UNITS[match.group(2)] if match else 0.0


rate = 0.0
p50 = p99 = 0.0
section = None
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    header = re.search(r"Report: (\w+)", line)
    if header:
        section = header.group(1).upper()
        continue
    if section in (None, "TOTAL"):
        continue
    average = re.search(r"Average: .*?([\d.]+) obj/s", line)
    if average:
        rate += float(average.group(1))
    median = re.search(r"50%: ([\d.]+(?:ns|µs|us|ms|s))", line)
    if median:
        p50 = max(p50, millis(median.group(1)))
    tail = re.search(r"99%: ([\d.]+(?:ns|µs|us|ms|s))", line)
    if tail:
        p99 = max(p99, millis(tail.group(1)))
print(f"{rate:.0f} obj/s, p50 {p50:.1f} ms, p99 {p99:.1f} ms")
