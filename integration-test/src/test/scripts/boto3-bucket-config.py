"""boto3 against the O3 S3 gateway: bucket tagging, lifecycle, CORS and policy configuration, object lock (never
configured), every error path with its S3 code and HTTP status. Exits non-zero on any mismatch.

usage: boto3-bucket-config.py ENDPOINT BUCKET OTHER_ACCESS_KEY OTHER_SECRET
  (the owner's credentials from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY; OTHER_* are another user's)
"""
import json
import sys

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

endpoint, bucket, other_key, other_secret = sys.argv[1:5]
config = Config(s3={"addressing_style": "path"}, retries={"max_attempts": 1})
s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", config=config)
other = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", config=config,
                     aws_access_key_id=other_key, aws_secret_access_key=other_secret)


def fails(code, status, call, **kwargs):
    try:
        call(**kwargs)
    except ClientError as e:
        got = (e.response["Error"]["Code"], e.response["ResponseMetadata"]["HTTPStatusCode"])
        assert got == (code, status), "%s: expected %s %s, got %s" % (call.__name__, code, status, got)
        return e.response["Error"].get("Message", "")
    raise AssertionError("%s succeeded, expected %s" % (call.__name__, code))


s3.create_bucket(Bucket=bucket)

# Bucket tagging.
fails("NoSuchTagSet", 404, s3.get_bucket_tagging, Bucket=bucket)
s3.put_bucket_tagging(Bucket=bucket, Tagging={"TagSet": [{"Key": "team", "Value": "data"},
                                                         {"Key": "cost", "Value": "42"}]})
tags = s3.get_bucket_tagging(Bucket=bucket)["TagSet"]
assert sorted((t["Key"], t["Value"]) for t in tags) == [("cost", "42"), ("team", "data")], tags
fails("InvalidTag", 400, s3.put_bucket_tagging, Bucket=bucket,
      Tagging={"TagSet": [{"Key": "k%d" % i, "Value": "v"} for i in range(51)]})
fails("InvalidTag", 400, s3.put_bucket_tagging, Bucket=bucket,
      Tagging={"TagSet": [{"Key": "aws:reserved", "Value": "v"}]})
fails("InvalidTag", 400, s3.put_bucket_tagging, Bucket=bucket,
      Tagging={"TagSet": [{"Key": "k" * 129, "Value": "v"}]})
fails("AccessDenied", 403, other.get_bucket_tagging, Bucket=bucket)
fails("AccessDenied", 403, other.put_bucket_tagging, Bucket=bucket, Tagging={"TagSet": []})
fails("NoSuchBucket", 404, s3.get_bucket_tagging, Bucket=bucket + "-missing")
s3.delete_bucket_tagging(Bucket=bucket)
fails("NoSuchTagSet", 404, s3.get_bucket_tagging, Bucket=bucket)

# Lifecycle.
fails("NoSuchLifecycleConfiguration", 404, s3.get_bucket_lifecycle_configuration, Bucket=bucket)
rules = [
    {"ID": "tmp", "Status": "Enabled", "Filter": {"Prefix": "tmp/"}, "Expiration": {"Days": 30},
     "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 7}},
    {"ID": "tagged", "Status": "Disabled",
     "Filter": {"And": {"Prefix": "logs/", "Tags": [{"Key": "k", "Value": "v"}], "ObjectSizeGreaterThan": 10}},
     "Expiration": {"Date": "2030-01-01T00:00:00Z"}, "NoncurrentVersionExpiration": {"NoncurrentDays": 9}},
]
s3.put_bucket_lifecycle_configuration(Bucket=bucket, LifecycleConfiguration={"Rules": rules})
got = s3.get_bucket_lifecycle_configuration(Bucket=bucket)["Rules"]
assert [r["ID"] for r in got] == ["tmp", "tagged"], got
assert got[0]["Expiration"] == {"Days": 30} and got[0]["Filter"] == {"Prefix": "tmp/"}, got[0]
assert got[0]["AbortIncompleteMultipartUpload"] == {"DaysAfterInitiation": 7}, got[0]
assert got[1]["Filter"]["And"]["Tags"] == [{"Key": "k", "Value": "v"}], got[1]
assert got[1]["Filter"]["And"]["ObjectSizeGreaterThan"] == 10, got[1]
assert got[1]["Expiration"]["Date"].year == 2030 and got[1]["Status"] == "Disabled", got[1]
assert got[1]["NoncurrentVersionExpiration"]["NoncurrentDays"] == 9, got[1]
fails("InvalidArgument", 400, s3.put_bucket_lifecycle_configuration, Bucket=bucket,
      LifecycleConfiguration={"Rules": [{"ID": "x", "Status": "Enabled", "Filter": {"Prefix": ""},
                                         "Expiration": {"Days": 0}}]})
fails("InvalidArgument", 400, s3.put_bucket_lifecycle_configuration, Bucket=bucket,
      LifecycleConfiguration={"Rules": [{"ID": "x", "Status": "Enabled", "Filter": {"Prefix": ""},
                                         "Expiration": {"Date": "2030-01-01T12:00:00Z"}}]})
fails("InvalidArgument", 400, s3.put_bucket_lifecycle_configuration, Bucket=bucket,
      LifecycleConfiguration={"Rules": [{"ID": "same", "Status": "Enabled", "Filter": {"Prefix": ""},
                                         "Expiration": {"Days": 1}},
                                        {"ID": "same", "Status": "Enabled", "Filter": {"Prefix": "a"},
                                         "Expiration": {"Days": 1}}]})
fails("InvalidArgument", 400, s3.put_bucket_lifecycle_configuration, Bucket=bucket,
      LifecycleConfiguration={"Rules": [{"ID": "x", "Status": "Enabled",
                                         "Filter": {"Tag": {"Key": "k", "Value": "v"}},
                                         "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 1}}]})
fails("MalformedXML", 400, s3.put_bucket_lifecycle_configuration, Bucket=bucket,
      LifecycleConfiguration={"Rules": [{"ID": "x", "Status": "Enabled", "Filter": {"Prefix": ""},
                                         "Expiration": {"Days": 1, "Date": "2030-01-01T00:00:00Z"}}]})
fails("NotImplemented", 501, s3.put_bucket_lifecycle_configuration, Bucket=bucket,
      LifecycleConfiguration={"Rules": [{"ID": "x", "Status": "Enabled", "Filter": {"Prefix": ""},
                                         "Transitions": [{"Days": 1, "StorageClass": "GLACIER"}]}]})
fails("AccessDenied", 403, other.get_bucket_lifecycle_configuration, Bucket=bucket)
s3.delete_bucket_lifecycle(Bucket=bucket)
fails("NoSuchLifecycleConfiguration", 404, s3.get_bucket_lifecycle_configuration, Bucket=bucket)

# CORS.
fails("NoSuchCORSConfiguration", 404, s3.get_bucket_cors, Bucket=bucket)
cors = {"CORSRules": [{"ID": "web", "AllowedOrigins": ["https://*.example.com"], "AllowedMethods": ["GET", "PUT"],
                       "AllowedHeaders": ["*"], "ExposeHeaders": ["ETag"], "MaxAgeSeconds": 600}]}
s3.put_bucket_cors(Bucket=bucket, CORSConfiguration=cors)
got = s3.get_bucket_cors(Bucket=bucket)["CORSRules"]
assert got == cors["CORSRules"], got
fails("InvalidRequest", 400, s3.put_bucket_cors, Bucket=bucket,
      CORSConfiguration={"CORSRules": [{"AllowedOrigins": ["*"], "AllowedMethods": ["PATCH"]}]})
fails("InvalidRequest", 400, s3.put_bucket_cors, Bucket=bucket,
      CORSConfiguration={"CORSRules": [{"AllowedOrigins": ["https://*.*.com"], "AllowedMethods": ["GET"]}]})
fails("AccessDenied", 403, other.put_bucket_cors, Bucket=bucket, CORSConfiguration=cors)
s3.delete_bucket_cors(Bucket=bucket)
fails("NoSuchCORSConfiguration", 404, s3.get_bucket_cors, Bucket=bucket)

# Object lock: not built, so S3's answer for a bucket created without it (warp asks this before every run).
fails("ObjectLockConfigurationNotFoundError", 404, s3.get_object_lock_configuration, Bucket=bucket)
fails("NoSuchBucket", 404, s3.get_object_lock_configuration, Bucket=bucket + "-missing")
fails("NotImplemented", 501, s3.put_object_lock_configuration, Bucket=bucket,
      ObjectLockConfiguration={"ObjectLockEnabled": "Enabled"})
fails("NotImplemented", 501, s3.create_bucket, Bucket=bucket + "-locked", ObjectLockEnabledForBucket=True)
assert bucket + "-locked" not in [b["Name"] for b in s3.list_buckets()["Buckets"]]

# Policy.
fails("NoSuchBucketPolicy", 404, s3.get_bucket_policy, Bucket=bucket)
fails("NoSuchBucketPolicy", 404, s3.get_bucket_policy_status, Bucket=bucket)
public = {"Version": "2012-10-17", "Statement": [
    {"Sid": "read", "Effect": "Allow", "Principal": "*", "Action": ["s3:GetObject"],
     "Resource": "arn:aws:s3:::%s/*" % bucket}]}
s3.put_bucket_policy(Bucket=bucket, Policy=json.dumps(public))
assert json.loads(s3.get_bucket_policy(Bucket=bucket)["Policy"]) == public
assert s3.get_bucket_policy_status(Bucket=bucket)["PolicyStatus"]["IsPublic"] is True
message = fails("MalformedPolicy", 400, s3.put_bucket_policy, Bucket=bucket, Policy="{not json")
assert "valid JSON" in message, message
message = fails("MalformedPolicy", 400, s3.put_bucket_policy, Bucket=bucket, Policy=json.dumps(
    {"Statement": [{"Effect": "Allow", "Principal": "*", "Action": "s3:GetObject",
                    "Resource": "arn:aws:s3:::another-bucket/*"}]}))
assert "invalid resource" in message, message
message = fails("MalformedPolicy", 400, s3.put_bucket_policy, Bucket=bucket, Policy=json.dumps(
    {"Statement": [{"Effect": "Allow", "Principal": "*", "Action": "s3:GetObject",
                    "Resource": "arn:aws:s3:::%s/*" % bucket,
                    "Condition": {"DateSometime": {"aws:CurrentTime": "x"}}}]}))
assert "DateSometime" in message, message
fails("AccessDenied", 403, other.put_bucket_policy, Bucket=bucket, Policy=json.dumps(public))
fails("AccessDenied", 403, other.get_bucket_policy, Bucket=bucket)
fails("AccessDenied", 403, other.delete_bucket_policy, Bucket=bucket)

# Policy evaluated with ACLs: the other user may read by the policy, may not write, until a statement names them.
s3.put_object(Bucket=bucket, Key="docs/a.txt", Body=b"a")
assert other.get_object(Bucket=bucket, Key="docs/a.txt")["Body"].read() == b"a"
fails("AccessDenied", 403, other.put_object, Bucket=bucket, Key="docs/b.txt", Body=b"b")
fails("AccessDenied", 403, other.list_objects_v2, Bucket=bucket)
writer = dict(public)
writer["Statement"] = public["Statement"] + [
    {"Effect": "Allow", "Principal": {"AWS": [other_key]}, "Action": "s3:PutObject",
     "Resource": "arn:aws:s3:::%s/docs/*" % bucket},
    {"Effect": "Deny", "Principal": "*", "Action": "s3:*", "Resource": "arn:aws:s3:::%s/docs/locked/*" % bucket}]
s3.put_bucket_policy(Bucket=bucket, Policy=json.dumps(writer))
other.put_object(Bucket=bucket, Key="docs/b.txt", Body=b"b")
fails("AccessDenied", 403, other.put_object, Bucket=bucket, Key="elsewhere/b.txt", Body=b"b")
# An explicit Deny wins over the Allow of docs/* (the owner here is an OM administrator, whom nothing denies).
fails("AccessDenied", 403, other.put_object, Bucket=bucket, Key="docs/locked/c.txt", Body=b"c")
s3.delete_bucket_policy(Bucket=bucket)
fails("AccessDenied", 403, other.get_object, Bucket=bucket, Key="docs/a.txt")
fails("NoSuchBucketPolicy", 404, s3.get_bucket_policy, Bucket=bucket)
print("boto3 bucket config OK")
