"""Per-user and group S3 grants through the O3 S3 gateway with boto3, as two real users and an anonymous client:
x-amz-grant-* headers on PutObjectAcl, PutBucketAcl, PutObject, CopyObject, CreateMultipartUpload and CreateBucket,
an AccessControlPolicy body, what GetBucketAcl/GetObjectAcl show, and the error of each bad request. Exits non-zero
on any mismatch.

usage: s3-grants.py ENDPOINT BUCKET
environment: A_KEY A_SECRET (the owner), B_KEY B_SECRET B_ID (the other user and its canonical id)
"""
import os
import sys

import boto3
import requests
from botocore import UNSIGNED
from botocore.config import Config
from botocore.exceptions import ClientError

endpoint, bucket = sys.argv[1:3]
ALL_USERS = "http://acs.amazonaws.com/groups/global/AllUsers"
b_id = os.environ["B_ID"]


def client(key=None, secret=None, **config):
    return boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1",
                        aws_access_key_id=key, aws_secret_access_key=secret,
                        config=Config(s3={"addressing_style": "path"}, **config))


a = client(os.environ["A_KEY"], os.environ["A_SECRET"])
b = client(os.environ["B_KEY"], os.environ["B_SECRET"])
anonymous = client(signature_version=UNSIGNED)


def fails(call, code, status):
    """Runs a boto3 call that must fail with this S3 error code and HTTP status."""
    try:
        call()
    except ClientError as e:
        got = (e.response["Error"]["Code"], e.response["ResponseMetadata"]["HTTPStatusCode"])
        assert got == (code, status), f"expected {(code, status)}, got {got}: {e.response['Error']}"
        return
    raise AssertionError(f"expected {code} {status}, the call succeeded")


def read(s3, key, in_bucket=bucket):
    return s3.get_object(Bucket=in_bucket, Key=key)["Body"].read()


def grants(acl):
    """(type, id or URI, permission) of each grant of a Get*Acl answer."""
    return [(g["Grantee"]["Type"], g["Grantee"].get("ID") or g["Grantee"].get("URI"), g["Permission"])
            for g in acl["Grants"]]


a.create_bucket(Bucket=bucket)
a_id = a.get_bucket_acl(Bucket=bucket)["Owner"]["ID"]
a.put_object(Bucket=bucket, Key="cat.txt", Body=b"meow")

# A private object: B is refused until a READ grant names B.
fails(lambda: read(b, "cat.txt"), "AccessDenied", 403)
a.put_object_acl(Bucket=bucket, Key="cat.txt", GrantRead=f'id="{b_id}"')
assert read(b, "cat.txt") == b"meow"
assert grants(a.get_object_acl(Bucket=bucket, Key="cat.txt")) == [
    ("CanonicalUser", a_id, "FULL_CONTROL"), ("CanonicalUser", b_id, "READ")]
fails(lambda: read(anonymous, "cat.txt"), "AccessDenied", 403)

# WRITE on the bucket lets B put and delete keys; READ lets B list.
fails(lambda: b.put_object(Bucket=bucket, Key="from-b.txt", Body=b"b"), "AccessDenied", 403)
fails(lambda: b.list_objects_v2(Bucket=bucket), "AccessDenied", 403)
a.put_bucket_acl(Bucket=bucket, GrantWrite=f'id="{b_id}"', GrantRead=f'id="{b_id}"')
b.put_object(Bucket=bucket, Key="from-b.txt", Body=b"b")
assert [o["Key"] for o in b.list_objects_v2(Bucket=bucket)["Contents"]] == ["cat.txt", "from-b.txt"]
b.delete_object(Bucket=bucket, Key="from-b.txt")
assert sorted(grants(a.get_bucket_acl(Bucket=bucket))) == sorted([
    ("CanonicalUser", a_id, "FULL_CONTROL"), ("CanonicalUser", b_id, "READ"), ("CanonicalUser", b_id, "WRITE")])

# READ_ACP / WRITE_ACP gate the ACL itself; the owner keeps full control.
fails(lambda: b.get_bucket_acl(Bucket=bucket), "AccessDenied", 403)
a.put_bucket_acl(Bucket=bucket, AccessControlPolicy={
    "Owner": {"ID": a_id},
    "Grants": [
        {"Grantee": {"Type": "CanonicalUser", "ID": b_id}, "Permission": "READ_ACP"},
        {"Grantee": {"Type": "Group", "URI": ALL_USERS}, "Permission": "READ"},
    ]})
assert grants(b.get_bucket_acl(Bucket=bucket)) == [
    ("CanonicalUser", a_id, "FULL_CONTROL"), ("CanonicalUser", b_id, "READ_ACP"), ("Group", ALL_USERS, "READ")]
fails(lambda: b.put_bucket_acl(Bucket=bucket, ACL="private"), "AccessDenied", 403)
fails(lambda: b.put_object(Bucket=bucket, Key="again.txt", Body=b"b"), "AccessDenied", 403)
assert [o["Key"] for o in anonymous.list_objects_v2(Bucket=bucket)["Contents"]] == ["cat.txt"]
a.put_bucket_acl(Bucket=bucket, ACL="private")

# AllUsers READ on an object lets an anonymous GET through, signed by no one.
a.put_object(Bucket=bucket, Key="public.txt", Body=b"open", GrantRead=f'uri="{ALL_USERS}"')
assert read(anonymous, "public.txt") == b"open"
assert requests.get(f"{endpoint}/{bucket}/public.txt").content == b"open"
assert requests.get(f"{endpoint}/{bucket}/cat.txt").status_code == 403

# Grants given when the object is made: CopyObject and CreateMultipartUpload (applied at completion).
a.copy_object(Bucket=bucket, Key="copy.txt", CopySource={"Bucket": bucket, "Key": "cat.txt"},
              GrantRead=f'id="{b_id}"')
assert read(b, "copy.txt") == b"meow"
upload = a.create_multipart_upload(Bucket=bucket, Key="parts.bin", GrantFullControl=f'id="{b_id}"')["UploadId"]
part = a.upload_part(Bucket=bucket, Key="parts.bin", UploadId=upload, PartNumber=1, Body=b"p" * 1024)
fails(lambda: read(b, "parts.bin"), "AccessDenied", 403)
a.complete_multipart_upload(Bucket=bucket, Key="parts.bin", UploadId=upload,
                            MultipartUpload={"Parts": [{"PartNumber": 1, "ETag": part["ETag"]}]})
assert read(b, "parts.bin") == b"p" * 1024
assert grants(b.get_object_acl(Bucket=bucket, Key="parts.bin"))[1] == ("CanonicalUser", b_id, "FULL_CONTROL")

# A bucket created with a grant to B.
a.create_bucket(Bucket=bucket + "-shared", GrantFullControl=f'id="{b_id}"')
b.put_object(Bucket=bucket + "-shared", Key="by-b.txt", Body=b"mine too")
assert read(b, "by-b.txt", bucket + "-shared") == b"mine too"

# Bad requests.
fails(lambda: a.put_object_acl(Bucket=bucket, Key="cat.txt", ACL="public-read", GrantRead=f'id="{b_id}"'),
      "InvalidRequest", 400)
fails(lambda: a.put_object_acl(Bucket=bucket, Key="cat.txt", GrantRead='id="no-such-user"'), "InvalidArgument", 400)
fails(lambda: a.put_object_acl(Bucket=bucket, Key="cat.txt", GrantRead='emailAddress="x@example.com"'),
      "UnresolvableGrantByEmailAddress", 400)
fails(lambda: a.put_bucket_acl(Bucket=bucket, GrantRead='uri="http://acs.amazonaws.com/groups/s3/LogDelivery"'),
      "InvalidArgument", 400)

for key in ["cat.txt", "public.txt", "copy.txt", "parts.bin"]:
    a.delete_object(Bucket=bucket, Key=key)
a.delete_object(Bucket=bucket + "-shared", Key="by-b.txt")
a.delete_bucket(Bucket=bucket + "-shared")
a.delete_bucket(Bucket=bucket)
print("s3 grants OK")
