#!/usr/bin/env python3
"""Plots the write I/O rate of each fake disk for several runs of docs/benchmarks/multiraft.sh -e (its
NAME.disks.csv files), against the throttle's cap. Usage: plot_disks.py PNG CAP_IOPS LABEL=DISKS.csv..."""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    png, cap = sys.argv[1], float(sys.argv[2])
    runs = [arg.split("=", 1) for arg in sys.argv[3:]]
    fig, ax = plt.subplots(figsize=(10, 4))
    width = 0.8 / len(runs)
    disks = None
    for i, (label, path) in enumerate(runs):
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
        disks = disks or [r["disk"] for r in rows]
        rates = {r["disk"]: float(r["write_iops"]) for r in rows}
        ax.bar([j + (i - (len(runs) - 1) / 2) * width for j in range(len(disks))], [rates[d] for d in disks], width,
               label=label)
    ax.axhline(cap, color="grey", linestyle="--", label=f"throttle cap {cap:.0f} IOPS")
    ax.set_xticks(range(len(disks)), disks)
    ax.set_ylabel("write I/Os per second during the load")
    ax.set_title("per-disk writes (/proc/diskstats); hdd0-2 datanode 1, hdd3-5 datanode 2, hdd6-8 datanode 3",
                 fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=110)


if __name__ == "__main__":
    main()
