#!/usr/bin/env python3
"""Plots a CacheReadBenchmark run (its out= dir): read latency per percentile of both passes, and the bytes each
device read per pass. Usage: plot_cache.py OUT_DIR PNG [TITLE]"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def main():
    out, png = sys.argv[1], sys.argv[2]
    title = sys.argv[3] if len(sys.argv) > 3 else "SSD read cache on emulated HDDs"
    summary = dict(line.strip().split(",", 1) for line in open(f"{out}/summary.csv") if line.strip())
    fig, (lat, dev) = plt.subplots(1, 2, figsize=(12, 4.5))
    for name, label in (("volume-only", "volume only"), ("with-cache", "with cache")):
        r = rows(f"{out}/{name}.csv")
        mbs = float(summary[f"{name}_mb_per_s"])
        lat.plot([float(x["percentile"]) for x in r], [float(x["ms"]) for x in r],
                 label=f"{label}: {mbs:.0f} MB/s, p50 {float(summary[name + '_p50_ms']):.1f} ms, "
                       f"p99 {float(summary[name + '_p99_ms']):.0f} ms")
    lat.set_yscale("log")
    lat.set_xlabel("percentile of reads")
    lat.set_ylabel("read latency (ms, log)")
    lat.set_title(f"speed-up {float(summary['speedup']):.2f}x, {100 * float(summary['bytes_from_cache']):.1f}% "
                  f"bytes from cache, reuse {100 * float(summary['reuse']):.1f}%", fontsize=10)
    lat.legend(fontsize=8)
    lat.grid(True, which="both", alpha=0.3)
    disks = rows(f"{out}/volume-only.disks.csv") + rows(f"{out}/with-cache.disks.csv")
    devices = sorted({d["device"] for d in disks})
    width = 0.4
    for i, name in enumerate(("volume only", "with cache")):
        values = {d["device"]: float(d["read_mb"]) for d in disks if d["pass"] == name}
        dev.bar([j + (i - 0.5) * width for j in range(len(devices))], [values.get(d, 0) for d in devices], width,
                label=name)
    dev.set_xticks(range(len(devices)), devices)
    dev.set_ylabel("MB read from the device during the pass")
    dev.set_title("which device served the reads (/proc/diskstats)", fontsize=10)
    dev.legend(fontsize=8)
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(png, dpi=110)


if __name__ == "__main__":
    main()
