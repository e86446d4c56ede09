"""boto3 against the O3 S3 gateway: what a Python user does first. Exits non-zero on any mismatch.

usage: boto3-roundtrip.py ENDPOINT BUCKET WORKDIR  (credentials from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY)
"""
import hashlib
import os
import sys

import boto3
from boto3.s3.transfer import TransferConfig
from botocore.config import Config
from botocore.exceptions import ClientError

endpoint, bucket, workdir = sys.argv[1:4]
s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1",
                  config=Config(s3={"addressing_style": "path"}))

s3.create_bucket(Bucket=bucket)
s3.put_object(Bucket=bucket, Key="small.txt", Body=b"hello boto3", ContentType="text/plain",
              Metadata={"origin": "boto3"})
head = s3.head_object(Bucket=bucket, Key="small.txt")
assert head["Metadata"] == {"origin": "boto3"}, head["Metadata"]
assert head["ContentType"] == "text/plain", head["ContentType"]
assert head["ETag"].strip('"') == hashlib.md5(b"hello boto3").hexdigest(), head["ETag"]

# 20 MiB with an 8 MiB threshold: upload_file goes multipart, download_file reads ranges in parallel.
source = os.path.join(workdir, "boto3-big.bin")
with open(source, "wb") as out:
    out.write(os.urandom(20 * 1024 * 1024))
transfer = TransferConfig(multipart_threshold=8 * 1024 * 1024, multipart_chunksize=8 * 1024 * 1024)
s3.upload_file(source, bucket, "dir/big.bin", Config=transfer)
copy = os.path.join(workdir, "boto3-big.copy")
s3.download_file(bucket, "dir/big.bin", copy, Config=transfer)
with open(source, "rb") as a, open(copy, "rb") as b:
    assert hashlib.sha256(a.read()).digest() == hashlib.sha256(b.read()).digest(), "download differs"
assert s3.head_object(Bucket=bucket, Key="dir/big.bin")["ETag"].endswith('-3"'), "multipart ETag"

ranged = s3.get_object(Bucket=bucket, Key="small.txt", Range="bytes=6-")["Body"].read()
assert ranged == b"boto3", ranged

keys = [obj["Key"] for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, PaginationConfig={"PageSize": 1})
        for obj in page.get("Contents", [])]
assert keys == ["dir/big.bin", "small.txt"], keys

deleted = s3.delete_objects(Bucket=bucket, Delete={"Objects": [{"Key": k} for k in keys]})
assert len(deleted["Deleted"]) == 2, deleted
try:
    s3.get_object(Bucket=bucket, Key="small.txt")
    raise AssertionError("deleted object still readable")
except ClientError as e:
    assert e.response["Error"]["Code"] == "NoSuchKey", e.response["Error"]
s3.delete_bucket(Bucket=bucket)
print("boto3 OK")
