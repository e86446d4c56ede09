#!/usr/bin/env bash
# Installs the real S3 clients the S3 end-to-end scenarios drive, into DIR: DIR/aws (the AWS CLI on
# PATH if there is one, otherwise AWS CLI v1 from PyPI), DIR/python (a virtualenv python with
# boto3 and requests), DIR/s3cmd, and DIR/mc (the MinIO client, built with `go install` from the Go
# module proxy into DIR/go: about a minute on a 2-core machine the first time, then cached here).
# Needs python3 with venv and Go (go on PATH or /usr/local/go/bin); .ci/run makes sure of python3-venv.
set -euo pipefail
mkdir -p "$1"
dir=$(cd "$1" && pwd)
awscli=1.45.11 s3cmd=2.4.0
# The MinIO client of 2025-03-13 (its module has no tagged releases: a pseudo-version pins the commit).
mc=v0.0.0-20250313080218-cf909e1063a9
if [[ ! -x "$dir/aws" || ! -x "$dir/python" || ! -x "$dir/s3cmd" ]] || ! "$dir/python" -c 'import requests' 2>/dev/null; then
  if ! python3 -m venv "$dir/venv" >/dev/null 2>&1; then
    echo "The S3 client scenarios need python3 with venv (apt-get install python3-venv); .ci/run does this." >&2
    exit 1
  fi
  packages=("s3cmd==$s3cmd" boto3 requests)
  if ! command -v aws >/dev/null 2>&1; then
    # boto3 is left to follow the botocore version this AWS CLI pins.
    packages+=("awscli==$awscli")
  fi
  "$dir/venv/bin/pip" install -q --disable-pip-version-check "${packages[@]}"
  ln -sf "$(command -v aws || echo "$dir/venv/bin/aws")" "$dir/aws"
  ln -sf "$dir/venv/bin/python" "$dir/python"
  ln -sf "$dir/venv/bin/s3cmd" "$dir/s3cmd"
fi
if [[ ! -x "$dir/go/bin/mc" ]]; then
  go=$(command -v go || echo /usr/local/go/bin/go)
  if [[ ! -x "$go" ]]; then
    echo "The mc scenario builds the MinIO client with Go, which is neither on PATH nor in /usr/local/go/bin." >&2
    exit 1
  fi
  GOPATH="$dir/go" GOMODCACHE="$dir/go/mod" GOCACHE="$dir/go/cache" GOFLAGS=-modcacherw \
    "$go" install "github.com/minio/mc@$mc"
fi
ln -sf "$dir/go/bin/mc" "$dir/mc"
