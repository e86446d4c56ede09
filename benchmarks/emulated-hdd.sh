#!/usr/bin/env bash
# Emulated HDDs on one Linux machine (issue 28; docs/benchmarks.md "Emulated HDDs"). Needs root, loop devices and
# cgroup v1 blkio; device-mapper is not needed. Each fake disk is a sparse file on the real disk, attached as a loop
# device with direct I/O (no second page cache), formatted ext4 and mounted; its reads and writes are capped in the
# ROOT blkio group for that device (blkio.throttle.{read,write}_{iops,bps}_device), so every bio reaching it, the
# kernel's writeback and journal included, waits its turn like on a spindle. One more loop device, not throttled,
# plays the SSD of the read cache. Before use the harness measures every disk with fio (if installed) or dd, and
# prints the figures.
#
#   benchmarks/emulated-hdd.sh up N [SIZE] [ROOT]   N throttled disks ROOT/hdd0..N-1 and ROOT/ssd (SIZE each, 2G)
#   benchmarks/emulated-hdd.sh measure [ROOT]       measure every mounted disk again
#   benchmarks/emulated-hdd.sh layout DATA DATANODES DISKS [ROOT]
#                                                   link an `ozone local --data DATA --datanodes DATANODES --disks
#                                                   DISKS` layout onto the fake disks: each data volume and each Raft
#                                                   log dir of each datanode on a disk of its own (round robin when
#                                                   there are fewer; with N >= DATANODES each datanode uses its own
#                                                   N/DATANODES disks), each datanode's cache dir on the SSD
#   benchmarks/emulated-hdd.sh down [ROOT]          unmount, detach, remove the limits and files
#
# Limits per fake HDD (environment): HDD_IOPS (default 150 per direction) and HDD_MBPS (default 180). ROOT defaults
# to /mnt/o3-hdd. `ozone local` removes nothing under --data, so run `layout` before starting it; start it with the
# same --datanodes and --disks.
set -euo pipefail
cmd=${1:-}
IOPS=${HDD_IOPS:-150}
MBPS=${HDD_MBPS:-180}
BLKIO=/sys/fs/cgroup/blkio

die() { echo "emulated-hdd: $*" >&2; exit 1; }

limit() {  # limit DEVICE IOPS BYTES_PER_S (0 = remove)
  local majmin; majmin=$(lsblk -dno MAJ:MIN "$1" | tr -d ' ')
  for f in read_iops write_iops; do echo "$majmin $2" > "$BLKIO/blkio.throttle.${f}_device"; done
  for f in read_bps write_bps; do echo "$majmin $3" > "$BLKIO/blkio.throttle.${f}_device"; done
}

measure_one() {  # measure MOUNTPOINT
  local m=$1 f=$1/.probe
  if command -v fio >/dev/null; then
    local seq rnd sync
    seq=$(fio --name=s --filename="$f" --size=256M --bs=1M --rw=read --direct=1 --ioengine=psync \
      --runtime=5 --time_based --output-format=terse 2>/dev/null | awk -F';' '{printf "%.0f", $7/1024}')
    rnd=$(fio --name=r --filename="$f" --size=256M --bs=4k --rw=randread --direct=1 --ioengine=psync \
      --runtime=5 --time_based --output-format=terse 2>/dev/null | awk -F';' '{print $8}')
    sync=$(fio --name=w --filename="$f" --size=16M --bs=4k --rw=write --fsync=1 --ioengine=psync \
      --runtime=5 --time_based --output-format=json 2>/dev/null \
      | python3 -c 'import json,sys; j=json.load(sys.stdin)["jobs"][0]["write"]; print("%.1f" % (1000 / j["iops"]))')
    printf '%-24s seq read %5s MB/s   random 4k read %5s IOPS   4k write+fsync %6s ms (fio)\n' "$m" "$seq" "$rnd" "$sync"
  else
    dd if=/dev/zero of="$f" bs=1M count=256 oflag=direct status=none
    local t0 t1 seq rnd sync
    t0=$(date +%s.%N); dd if="$f" of=/dev/null bs=1M iflag=direct status=none; t1=$(date +%s.%N)
    seq=$(echo "256 / ($t1 - $t0)" | bc)
    t0=$(date +%s.%N)
    for i in $(seq 1 200); do dd if="$f" of=/dev/null bs=4k count=1 skip=$((RANDOM * 2)) iflag=direct status=none; done
    t1=$(date +%s.%N); rnd=$(echo "200 / ($t1 - $t0)" | bc)
    t0=$(date +%s.%N); dd if=/dev/zero of="$f.sync" bs=4k count=100 oflag=dsync status=none; t1=$(date +%s.%N)
    sync=$(echo "scale=1; ($t1 - $t0) * 1000 / 100" | bc)
    printf '%-24s seq read %5s MB/s   random 4k read %5s IOPS   4k write+fsync %6s ms (dd)\n' "$m" "$seq" "$rnd" "$sync"
    rm -f "$f.sync"
  fi
  rm -f "$f"
}

measure() {
  local root=$1 m
  for m in "$root"/hdd* "$root"/ssd; do mountpoint -q "$m" && measure_one "$m"; done
}

case "$cmd" in
  up)
    n=${2:?N}; size=${3:-2G}; root=${4:-/mnt/o3-hdd}
    [[ $(id -u) = 0 ]] || die "needs root (loop devices, mount, blkio)"
    [[ -d $BLKIO ]] || die "no cgroup v1 blkio at $BLKIO"
    mkdir -p "$root/images"
    for i in $(seq 0 $((n - 1))) ssd; do
      name=hdd$i; [[ $i = ssd ]] && name=ssd
      mountpoint -q "$root/$name" && die "$root/$name is already mounted: run down first"
      truncate -s "$size" "$root/images/$name.img"
      dev=$(losetup --direct-io=on -f --show "$root/images/$name.img")
      mkfs.ext4 -q -F "$dev"
      mkdir -p "$root/$name"; mount "$dev" "$root/$name"
      echo "$dev" > "$root/images/$name.dev"
      if [[ $name != ssd ]]; then limit "$dev" "$IOPS" $((MBPS * 1024 * 1024)); fi
    done
    echo "fake HDDs: $IOPS IOPS and $MBPS MB/s per direction each; ssd: not throttled"
    measure "$root"
    ;;
  measure)
    measure "${2:-/mnt/o3-hdd}"
    ;;
  layout)
    data=${2:?DATA}; datanodes=${3:?DATANODES}; disks=${4:?DISKS}; root=${5:-/mnt/o3-hdd}
    hdds=("$root"/hdd*); count=${#hdds[@]}
    [[ -d ${hdds[0]} ]] || die "no fake disks under $root: run up first"
    # With at least one fake disk per datanode each datanode gets its own group of count/DATANODES disks (like
    # separate hosts); within a group the dirs go round robin, so a data volume and the Raft log dir of the same
    # index land on different disks.
    per=$((count / datanodes)); (( per > 0 )) || per=$count
    mkdir -p "$data"
    for dn in $(seq 1 "$datanodes"); do
      mkdir -p "$data/dn$dn"
      first=$(( count / datanodes > 0 ? (dn - 1) * per : 0 )); next=0
      for d in $(seq 0 $((disks - 1))); do
        for kind in disk ratis-disk; do
          target=${hdds[$((first + next % per))]}/dn$dn-$kind$d; next=$((next + 1))
          mkdir -p "$target"; ln -sfn "$target" "$data/dn$dn/$kind$d"
          echo "dn$dn/$kind$d -> $target"
        done
      done
      mkdir -p "$root/ssd/dn$dn-cache"; ln -sfn "$root/ssd/dn$dn-cache" "$data/dn$dn/cache"
    done
    ;;
  down)
    root=${2:-/mnt/o3-hdd}
    for devfile in "$root"/images/*.dev; do
      [[ -f $devfile ]] || continue
      dev=$(cat "$devfile"); name=$(basename "$devfile" .dev)
      limit "$dev" 0 0 2>/dev/null || true
      umount "$root/$name" 2>/dev/null || true
      losetup -d "$dev" 2>/dev/null || true
      rm -f "$devfile" "$root/images/$name.img"; rmdir "$root/$name" 2>/dev/null || true
    done
    ;;
  *)
    sed -n '2,24p' "$0"; exit 2
    ;;
esac
