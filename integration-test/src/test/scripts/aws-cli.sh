#!/usr/bin/env bash
# Makes DIR/aws the AWS CLI for the S3 end-to-end scenarios: the one on PATH if there is one,
# otherwise AWS CLI v1 installed from PyPI into a virtualenv under DIR (needs python3 with venv).
set -euo pipefail
dir=$1
version=1.45.11
mkdir -p "$dir"
if [[ -x "$dir/aws" ]]; then
  exit 0
fi
if command -v aws >/dev/null 2>&1; then
  ln -sf "$(command -v aws)" "$dir/aws"
  exit 0
fi
if ! python3 -m venv "$dir/venv" >/dev/null 2>&1; then
  echo "The S3 CLI scenarios need the AWS CLI: install it (pip install awscli) or python3 with venv" \
       "(apt-get install python3-venv); .ci/run does this." >&2
  exit 1
fi
"$dir/venv/bin/pip" install -q --disable-pip-version-check "awscli==$version"
ln -sf "$dir/venv/bin/aws" "$dir/aws"
