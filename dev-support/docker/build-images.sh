#!/usr/bin/env bash
# Builds the O3 image (default tag o3:latest) from dist/target/o3-VERSION.tar.gz, which `./mvnw -DskipTests package`
# makes. The base: $O3_BASE_IMAGE when set; else the Dockerfile's public eclipse-temurin:17-jre when it is present or
# can be pulled; else (no image registry reachable) a local Debian image that build-base-image.sh makes once from the
# Debian mirror (root and debootstrap needed) and later runs reuse.
# Environment: O3_IMAGE (tag, default o3:latest), O3_BASE_IMAGE.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
image=${O3_IMAGE:-o3:latest}
base=${O3_BASE_IMAGE:-}

shopt -s nullglob
tarballs=("$root"/dist/target/o3-*.tar.gz)
if ((${#tarballs[@]} != 1)); then
  echo "build-images.sh: expected one dist/target/o3-*.tar.gz, found ${#tarballs[@]}; run ./mvnw -DskipTests package" >&2
  exit 1
fi
version=$(basename "${tarballs[0]}" .tar.gz)
version=${version#o3-}

public_base=eclipse-temurin:17-jre
if [[ -z $base ]]; then
  if docker image inspect "$public_base" >/dev/null 2>&1 || docker pull -q "$public_base" >/dev/null 2>&1; then
    base=$public_base
  else
    base=o3-base:bookworm-jre17
    echo "no $public_base (no image registry?): base image $base from Debian packages"
    "$root"/dev-support/docker/build-base-image.sh "$base"
  fi
fi

# Without the buildx plugin (Debian's docker.io) the classic builder builds this Dockerfile as well.
if ! docker buildx version >/dev/null 2>&1; then
  export DOCKER_BUILDKIT=0
fi
previous=$(docker image inspect -f '{{.Id}}' "$image" 2>/dev/null || true)
SECONDS=0
docker build -q -t "$image" --build-arg BASE_IMAGE="$base" --build-arg O3_VERSION="$version" \
  -f "$root"/dist/src/main/docker/Dockerfile "$root"/dist >/dev/null
echo "built $image (O3 $version on $base) in ${SECONDS}s"
# The image this tag named before: 200 MB a build otherwise (kept while a container still uses it).
if [[ -n $previous && $previous != $(docker image inspect -f '{{.Id}}' "$image") ]]; then
  docker rmi "$previous" >/dev/null 2>&1 || true
fi
