#!/usr/bin/env bash
# Builds the local base image of the O3 image (Debian bookworm minbase with OpenJDK 17 JRE headless) from the
# Debian mirror with debootstrap, for machines that reach a Debian mirror but no image registry.
# Usage: build-base-image.sh [tag]   (default o3-base:bookworm-jre17; kept when it exists unless O3_BASE_REBUILD=1)
# Environment: DEBIAN_MIRROR (default http://deb.debian.org/debian). Needs root, debootstrap and a running Docker.
set -euo pipefail

tag=${1:-o3-base:bookworm-jre17}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

if [[ ${O3_BASE_REBUILD:-0} != 1 ]] && docker image inspect "$tag" >/dev/null 2>&1; then
  echo "base image $tag exists"
  exit 0
fi

root=$(mktemp -d /tmp/o3-base.XXXXXX)
trap 'rm -rf "$root"' EXIT
# ca-certificates-java fails to configure in the chroot without /proc; --include lets debootstrap order it.
debootstrap --variant=minbase --include=openjdk-17-jre-headless bookworm "$root" "$mirror" >"$root.log" 2>&1 ||
  { tail -20 "$root.log"; echo "debootstrap failed (log: $root.log)" >&2; exit 1; }
rm -f "$root.log"
# Package lists, caches and docs are not needed at run time: about 60 MB less.
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* "$root"/usr/share/man/* \
  "$root"/usr/share/locale/*
tar -C "$root" -c . | docker import \
  -c 'ENV LANG=C.UTF-8' \
  -c 'CMD ["/bin/bash"]' - "$tag" >/dev/null
echo "built base image $tag"
