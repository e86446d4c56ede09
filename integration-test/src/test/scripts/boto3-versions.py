"""boto3 against the O3 S3 gateway: versioning and conditional writes, every error with its S3 code and HTTP status.
Exits non-zero on any mismatch.

usage: boto3-versions.py ENDPOINT BUCKET_PREFIX  (credentials from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY)
"""
import sys
from concurrent.futures import ThreadPoolExecutor

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

endpoint, prefix = sys.argv[1:3]
s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1",
                  config=Config(s3={"addressing_style": "path"}, retries={"max_attempts": 1},
                                max_pool_connections=32))
MIB = 1024 * 1024


def fails(code, status, call, **kwargs):
    """Runs the call and checks it fails with this S3 code and HTTP status."""
    try:
        call(**kwargs)
    except ClientError as e:
        got = (e.response["Error"]["Code"], e.response["ResponseMetadata"]["HTTPStatusCode"])
        assert got == (code, status), "%s%s: %s, want %s" % (call.__name__, kwargs, got, (code, status))
        return e.response
    raise AssertionError("%s%s succeeded, want %s %d" % (call.__name__, kwargs, code, status))


versioned = prefix + "-ver"
s3.create_bucket(Bucket=versioned)
assert "Status" not in s3.get_bucket_versioning(Bucket=versioned), "a new bucket answers no Status"
s3.put_bucket_versioning(Bucket=versioned, VersioningConfiguration={"Status": "Enabled"})
assert s3.get_bucket_versioning(Bucket=versioned)["Status"] == "Enabled"
fails("IllegalVersioningConfigurationException", 400, s3.put_bucket_versioning, Bucket=versioned,
      VersioningConfiguration={"Status": "Sometimes"})
fails("NoSuchBucket", 404, s3.get_bucket_versioning, Bucket=prefix + "-missing")

v1 = s3.put_object(Bucket=versioned, Key="k", Body=b"one")["VersionId"]
v2 = s3.put_object(Bucket=versioned, Key="k", Body=b"two")["VersionId"]
assert v1 != v2 and "null" not in (v1, v2), (v1, v2)
assert s3.get_object(Bucket=versioned, Key="k", VersionId=v1)["Body"].read() == b"one"
current = s3.get_object(Bucket=versioned, Key="k")
assert current["Body"].read() == b"two" and current["VersionId"] == v2, current
assert s3.head_object(Bucket=versioned, Key="k", VersionId=v1)["ContentLength"] == 3

fails("InvalidArgument", 400, s3.get_object, Bucket=versioned, Key="k", VersionId="not-a-version")
fails("NoSuchVersion", 404, s3.get_object, Bucket=versioned, Key="k", VersionId="00000000000000ff")

marker = s3.delete_object(Bucket=versioned, Key="k")
assert marker["DeleteMarker"] and marker["VersionId"] not in (v1, v2), marker
# A current delete marker: 404 with the marker's headers; naming the marker: 405 with them (HEAD has no body, so
# botocore's code is the status).
for code, status, call, version in [("NoSuchKey", 404, s3.get_object, None), ("404", 404, s3.head_object, None),
                                    ("MethodNotAllowed", 405, s3.get_object, marker["VersionId"]),
                                    ("405", 405, s3.head_object, marker["VersionId"])]:
    args = {"VersionId": version} if version else {}
    headers = fails(code, status, call, Bucket=versioned, Key="k", **args)["ResponseMetadata"]["HTTPHeaders"]
    assert headers.get("x-amz-delete-marker") == "true", (call.__name__, version, headers)
    assert headers.get("x-amz-version-id") == marker["VersionId"], (call.__name__, version, headers)
fails("NoSuchKey", 404, s3.get_object, Bucket=versioned, Key="never-written")
assert "x-amz-delete-marker" not in fails("404", 404, s3.head_object, Bucket=versioned, Key="k/never")[
    "ResponseMetadata"]["HTTPHeaders"]
fails("InvalidRequest", 400, s3.copy_object, Bucket=versioned, Key="copy",
      CopySource={"Bucket": versioned, "Key": "k", "VersionId": marker["VersionId"]})

copied = s3.copy_object(Bucket=versioned, Key="copy", CopySource={"Bucket": versioned, "Key": "k", "VersionId": v1})
assert copied["CopySourceVersionId"] == v1 and copied["VersionId"], copied
assert s3.get_object(Bucket=versioned, Key="copy")["Body"].read() == b"one"

listing = s3.list_object_versions(Bucket=versioned, Prefix="k")
assert [(v["VersionId"], v["IsLatest"]) for v in listing["Versions"]] == [(v2, False), (v1, False)], listing
assert [(m["VersionId"], m["IsLatest"]) for m in listing["DeleteMarkers"]] == [(marker["VersionId"], True)], listing
fails("InvalidArgument", 400, s3.list_object_versions, Bucket=versioned, VersionIdMarker=v1)

# Removing the delete marker brings the object back.
s3.delete_object(Bucket=versioned, Key="k", VersionId=marker["VersionId"])
assert s3.get_object(Bucket=versioned, Key="k")["Body"].read() == b"two"

# Multipart uploads get a version id too.
upload = s3.create_multipart_upload(Bucket=versioned, Key="mpu")["UploadId"]
part = s3.upload_part(Bucket=versioned, Key="mpu", UploadId=upload, PartNumber=1, Body=b"x" * 10)
done = s3.complete_multipart_upload(Bucket=versioned, Key="mpu", UploadId=upload,
                                    MultipartUpload={"Parts": [{"PartNumber": 1, "ETag": part["ETag"]}]})
assert done["VersionId"], done

# Paging one entry at a time through key and version-id markers gives the same listing.
whole = s3.list_object_versions(Bucket=versioned)
paged = []
for page in s3.get_paginator("list_object_versions").paginate(Bucket=versioned, PaginationConfig={"PageSize": 1}):
    paged += [(v["Key"], v["VersionId"]) for v in page.get("Versions", []) + page.get("DeleteMarkers", [])]
assert sorted(paged) == sorted((v["Key"], v["VersionId"]) for v in whole["Versions"]), (paged, whole)

# Suspended: writes replace the null version.
s3.put_bucket_versioning(Bucket=versioned, VersioningConfiguration={"Status": "Suspended"})
assert s3.get_bucket_versioning(Bucket=versioned)["Status"] == "Suspended"
assert s3.put_object(Bucket=versioned, Key="k", Body=b"three")["VersionId"] == "null"
assert s3.put_object(Bucket=versioned, Key="k", Body=b"four")["VersionId"] == "null"
ids = [v["VersionId"] for v in s3.list_object_versions(Bucket=versioned, Prefix="k")["Versions"]]
assert ids == ["null", v2, v1], ids
assert s3.get_object(Bucket=versioned, Key="k", VersionId="null")["Body"].read() == b"four"

# A bucket with versions left is not empty; DeleteObjects with version ids empties it.
fails("BucketNotEmpty", 409, s3.delete_bucket, Bucket=versioned)
everything = s3.list_object_versions(Bucket=versioned)
objects = [{"Key": v["Key"], "VersionId": v["VersionId"]}
           for v in everything.get("Versions", []) + everything.get("DeleteMarkers", [])]
result = s3.delete_objects(Bucket=versioned, Delete={"Objects": objects})
assert len(result["Deleted"]) == len(objects) and not result.get("Errors"), result
s3.delete_bucket(Bucket=versioned)

# An unversioned bucket lists every object once, as its null version.
plain = prefix + "-plain"
s3.create_bucket(Bucket=plain)
s3.put_object(Bucket=plain, Key="a", Body=b"a")
s3.put_object(Bucket=plain, Key="d/b", Body=b"b")
listing = s3.list_object_versions(Bucket=plain, Delimiter="/")
assert [(v["Key"], v["VersionId"], v["IsLatest"]) for v in listing["Versions"]] == [("a", "null", True)], listing
assert [p["Prefix"] for p in listing["CommonPrefixes"]] == ["d/"], listing
assert "VersionId" not in s3.put_object(Bucket=plain, Key="a", Body=b"a"), "no version id without versioning"

# Conditional writes.
etag = s3.put_object(Bucket=plain, Key="c", Body=b"c", IfNoneMatch="*")["ETag"]
fails("PreconditionFailed", 412, s3.put_object, Bucket=plain, Key="c", Body=b"again", IfNoneMatch="*")
fails("PreconditionFailed", 412, s3.put_object, Bucket=plain, Key="c", Body=b"again", IfMatch='"0123"')
fails("NoSuchKey", 404, s3.put_object, Bucket=plain, Key="absent", Body=b"x", IfMatch=etag)
fails("NotImplemented", 501, s3.put_object, Bucket=plain, Key="c", Body=b"x", IfNoneMatch=etag)
s3.put_object(Bucket=plain, Key="c", Body=b"matched", IfMatch=etag)
assert s3.get_object(Bucket=plain, Key="c")["Body"].read() == b"matched"
upload = s3.create_multipart_upload(Bucket=plain, Key="c")["UploadId"]
part = s3.upload_part(Bucket=plain, Key="c", UploadId=upload, PartNumber=1, Body=b"y")
fails("PreconditionFailed", 412, s3.complete_multipart_upload, Bucket=plain, Key="c", UploadId=upload,
      MultipartUpload={"Parts": [{"PartNumber": 1, "ETag": part["ETag"]}]}, IfNoneMatch="*")


def create_if_absent(i):
    try:
        s3.put_object(Bucket=plain, Key="race", Body=b"writer %d" % i, IfNoneMatch="*")
        return 200
    except ClientError as e:
        return e.response["ResponseMetadata"]["HTTPStatusCode"]


with ThreadPoolExecutor(16) as pool:
    outcomes = list(pool.map(create_if_absent, range(48)))
assert outcomes.count(200) == 1, outcomes
assert set(outcomes) <= {200, 409, 412}, outcomes
print("boto3 versions OK: race outcomes %s" % {s: outcomes.count(s) for s in sorted(set(outcomes))})
