#!/usr/bin/env bash
# Installs the real S3 clients the S3 end-to-end scenarios drive, into DIR: DIR/aws (the AWS CLI on
# PATH if there is one, otherwise AWS CLI v1 from PyPI), DIR/python (a virtualenv python with
# boto3) and DIR/s3cmd. Needs python3 with venv; .ci/run makes sure of it.
set -euo pipefail
dir=$1
awscli=1.45.11 s3cmd=2.4.0
mkdir -p "$dir"
if [[ -x "$dir/aws" && -x "$dir/python" && -x "$dir/s3cmd" ]]; then
  exit 0
fi
if ! python3 -m venv "$dir/venv" >/dev/null 2>&1; then
  echo "The S3 client scenarios need python3 with venv (apt-get install python3-venv); .ci/run does this." >&2
  exit 1
fi
packages=("s3cmd==$s3cmd" boto3)
if ! command -v aws >/dev/null 2>&1; then
  # boto3 is left to follow the botocore version this AWS CLI pins.
  packages+=("awscli==$awscli")
fi
"$dir/venv/bin/pip" install -q --disable-pip-version-check "${packages[@]}"
ln -sf "$(command -v aws || echo "$dir/venv/bin/aws")" "$dir/aws"
ln -sf "$dir/venv/bin/python" "$dir/python"
ln -sf "$dir/venv/bin/s3cmd" "$dir/s3cmd"
