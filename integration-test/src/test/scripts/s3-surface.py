"""The S3 surface older and browser-side tools use, by real Python clients against the O3 S3 gateway:
SigV2 (boto3's 's3' signer, headers and a presigned URL), browser POST uploads (boto3's
generate_presigned_post, sent as a form by requests) with every policy violation, stored standard
headers and response-* overrides, x-amz-checksum-* with checksum mode (part checksums and the composite
checksum of multipart objects too), GetObjectAttributes, and the
S3 error code and HTTP status of each failure. Exits non-zero on any mismatch.

usage: s3-surface.py ENDPOINT BUCKET  (credentials from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY)
"""
import base64
import datetime
import hashlib
import http.client
import os
import re
import sys
import urllib.parse
import zlib

import boto3
import requests
from botocore import UNSIGNED
from botocore.config import Config
from botocore.exceptions import ClientError

endpoint, bucket = sys.argv[1:3]


def client(**config):
    return boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1",
                        config=Config(s3={"addressing_style": "path"}, **config))


s3 = client()
v4 = client(signature_version="s3v4")
v2 = client(signature_version="s3")
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


def http_error(response, code, status, message=None):
    """Checks a raw HTTP answer's status and S3 error document."""
    found = re.search(r"<Code>([^<]*)</Code>", response.text)
    got = (found.group(1) if found else None, response.status_code)
    assert got == (code, status), f"expected {(code, status)}, got {got}: {response.text}"
    if message:
        assert message in response.text, response.text


def b64(digest):
    return base64.b64encode(digest).decode()


# --- SigV2: Authorization: AWS key:signature, sub-resources in the signed resource, presigned URLs.
v2.create_bucket(Bucket=bucket)
v2.put_object(Bucket=bucket, Key="v2/a b+c.txt", Body=b"signed with v2", ContentType="text/plain",
              Metadata={"signer": "v2"})
got = v2.get_object(Bucket=bucket, Key="v2/a b+c.txt")
assert got["Body"].read() == b"signed with v2"
assert got["Metadata"] == {"signer": "v2"}, got["Metadata"]
assert [o["Key"] for o in v2.list_objects(Bucket=bucket, Prefix="v2/")["Contents"]] == ["v2/a b+c.txt"]
assert v2.get_bucket_acl(Bucket=bucket)["Grants"][0]["Permission"] == "FULL_CONTROL"
v2.put_object_tagging(Bucket=bucket, Key="v2/a b+c.txt", Tagging={"TagSet": [{"Key": "t", "Value": "1"}]})
assert v2.get_object_tagging(Bucket=bucket, Key="v2/a b+c.txt")["TagSet"] == [{"Key": "t", "Value": "1"}]
upload = v2.create_multipart_upload(Bucket=bucket, Key="v2/multi")["UploadId"]
part = v2.upload_part(Bucket=bucket, Key="v2/multi", UploadId=upload, PartNumber=1, Body=b"part one")
v2.complete_multipart_upload(Bucket=bucket, Key="v2/multi", UploadId=upload,
                             MultipartUpload={"Parts": [{"PartNumber": 1, "ETag": part["ETag"]}]})
assert v2.get_object(Bucket=bucket, Key="v2/multi")["Body"].read() == b"part one"
url = v2.generate_presigned_url("get_object", Params={"Bucket": bucket, "Key": "v2/a b+c.txt"}, ExpiresIn=300)
assert "AWSAccessKeyId=" in url and "Signature=" in url and "Expires=" in url, url
answer = requests.get(url)
assert answer.status_code == 200 and answer.content == b"signed with v2", answer.text
http_error(requests.get(re.sub(r"Signature=[^&]*", "Signature=AAAA", url)), "SignatureDoesNotMatch", 403)
expired = v2.generate_presigned_url("get_object", Params={"Bucket": bucket, "Key": "v2/a b+c.txt"}, ExpiresIn=-60)
http_error(requests.get(expired), "AccessDenied", 403, "Request has expired")
wrong_secret = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1",
                            aws_access_key_id=os.environ["AWS_ACCESS_KEY_ID"], aws_secret_access_key="wrong",
                            config=Config(signature_version="s3", s3={"addressing_style": "path"}))
fails(lambda: wrong_secret.get_object(Bucket=bucket, Key="v2/a b+c.txt"), "SignatureDoesNotMatch", 403)
unknown_key = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="nobody",
                           aws_secret_access_key="x",
                           config=Config(signature_version="s3", s3={"addressing_style": "path"}))
fails(lambda: unknown_key.list_objects(Bucket=bucket), "InvalidAccessKeyId", 403)
stale = requests.get(f"{endpoint}/{bucket}", headers={
    "Date": "Mon, 01 Jan 2001 00:00:00 GMT", "Authorization": "AWS someone:c2lnbmF0dXJl"})
http_error(stale, "RequestTimeTooSkewed", 403)
http_error(requests.get(f"{endpoint}/{bucket}", headers={"Authorization": "AWS no-colon"}), "InvalidArgument", 400)

# --- Stored standard headers: PUT, CopyObject (COPY keeps them, REPLACE sets new ones), multipart.
expires = datetime.datetime(2030, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)
s3.put_object(Bucket=bucket, Key="page.html", Body=b"<p>hi</p>", ContentType="text/html",
              CacheControl="max-age=60", ContentDisposition='attachment; filename="p.html"',
              ContentEncoding="identity", ContentLanguage="en", Expires=expires)
head = s3.head_object(Bucket=bucket, Key="page.html")
assert (head["ContentType"], head["CacheControl"], head["ContentDisposition"], head["ContentEncoding"],
        head["ContentLanguage"]) == ("text/html", "max-age=60", 'attachment; filename="p.html"', "identity", "en"), head
assert head["ResponseMetadata"]["HTTPHeaders"]["expires"] == "Wed, 02 Jan 2030 03:04:05 GMT", head
got = s3.get_object(Bucket=bucket, Key="page.html")
assert got["CacheControl"] == "max-age=60" and got["ContentLanguage"] == "en", got
s3.copy_object(Bucket=bucket, Key="page-copy.html", CopySource={"Bucket": bucket, "Key": "page.html"})
assert s3.head_object(Bucket=bucket, Key="page-copy.html")["CacheControl"] == "max-age=60"
s3.copy_object(Bucket=bucket, Key="page-replaced.html", CopySource={"Bucket": bucket, "Key": "page.html"},
               MetadataDirective="REPLACE", ContentType="text/plain", CacheControl="no-cache")
replaced = s3.head_object(Bucket=bucket, Key="page-replaced.html")
assert replaced["CacheControl"] == "no-cache" and replaced["ContentType"] == "text/plain", replaced
assert "ContentDisposition" not in replaced and "ContentLanguage" not in replaced, replaced
upload = s3.create_multipart_upload(Bucket=bucket, Key="multi.txt", CacheControl="max-age=5",
                                    ContentDisposition="inline")["UploadId"]
part = s3.upload_part(Bucket=bucket, Key="multi.txt", UploadId=upload, PartNumber=1, Body=b"mpu")
s3.complete_multipart_upload(Bucket=bucket, Key="multi.txt", UploadId=upload,
                             MultipartUpload={"Parts": [{"PartNumber": 1, "ETag": part["ETag"]}]})
multi = s3.head_object(Bucket=bucket, Key="multi.txt")
assert multi["CacheControl"] == "max-age=5" and multi["ContentDisposition"] == "inline", multi

# --- response-* overrides of GetObject: signed requests only.
override = s3.get_object(Bucket=bucket, Key="page.html", ResponseContentType="application/json",
                         ResponseCacheControl="no-store", ResponseContentDisposition="inline",
                         ResponseContentLanguage="fr", ResponseContentEncoding="br",
                         ResponseExpires=datetime.datetime(2031, 1, 1, tzinfo=datetime.timezone.utc))
assert (override["ContentType"], override["CacheControl"], override["ContentDisposition"],
        override["ContentLanguage"], override["ContentEncoding"]) == (
    "application/json", "no-store", "inline", "fr", "br"), override
assert override["Body"].read() == b"<p>hi</p>"
signed = v2.generate_presigned_url("get_object", Params={"Bucket": bucket, "Key": "page.html",
                                                         "ResponseContentType": "text/csv"}, ExpiresIn=60)
assert requests.get(signed).headers["Content-Type"] == "text/csv"
s3.put_object(Bucket=bucket, Key="public.txt", Body=b"public", ACL="public-read")
assert anonymous.get_object(Bucket=bucket, Key="public.txt")["Body"].read() == b"public"
fails(lambda: anonymous.get_object(Bucket=bucket, Key="public.txt", ResponseContentType="text/csv"),
      "InvalidRequest", 400)

# --- Checksums: verified on PUT and UploadPart, stored, returned with checksum mode, GetObjectAttributes.
body = b"checksummed body"
sha256 = b64(hashlib.sha256(body).digest())
put = s3.put_object(Bucket=bucket, Key="sum.txt", Body=body, ChecksumAlgorithm="SHA256")
assert put["ChecksumSHA256"] == sha256, put
head = s3.head_object(Bucket=bucket, Key="sum.txt", ChecksumMode="ENABLED")
assert head["ChecksumSHA256"] == sha256, head
got = s3.get_object(Bucket=bucket, Key="sum.txt", ChecksumMode="ENABLED")
assert got["ChecksumSHA256"] == sha256 and got["Body"].read() == body, got
assert "ChecksumSHA256" not in s3.head_object(Bucket=bucket, Key="sum.txt"), "checksum without checksum mode"
crc32 = b64(zlib.crc32(body).to_bytes(4, "big"))
s3.put_object(Bucket=bucket, Key="crc.txt", Body=body, ChecksumCRC32=crc32)
assert s3.head_object(Bucket=bucket, Key="crc.txt", ChecksumMode="ENABLED")["ChecksumCRC32"] == crc32
attributes = s3.get_object_attributes(Bucket=bucket, Key="sum.txt",
                                      ObjectAttributes=["ETag", "Checksum", "ObjectSize", "StorageClass"])
assert attributes["ETag"] == hashlib.md5(body).hexdigest(), attributes
assert attributes["Checksum"]["ChecksumSHA256"] == sha256, attributes
assert attributes["ObjectSize"] == len(body) and attributes["StorageClass"] == "STANDARD", attributes
parts = s3.get_object_attributes(Bucket=bucket, Key="multi.txt", ObjectAttributes=["ObjectParts", "ObjectSize"])
assert parts["ObjectParts"]["TotalPartsCount"] == 1 and parts["ObjectSize"] == 3, parts
fails(lambda: s3.put_object(Bucket=bucket, Key="bad.txt", Body=body,
                            ChecksumSHA256=b64(hashlib.sha256(b"other").digest())), "BadDigest", 400)
fails(lambda: s3.put_object(Bucket=bucket, Key="bad.txt", Body=body, ChecksumCRC32="not-a-crc"),
      "InvalidRequest", 400)
fails(lambda: s3.get_object_attributes(Bucket=bucket, Key="missing", ObjectAttributes=["ETag"]), "NoSuchKey", 404)

# --- Part checksums: verified and kept per part, listed by ListParts, checked at completion; the object gets the
# composite checksum (the algorithm over the binary part checksums, then "-" and the part count).
chunks = [b"a" * (5 * 1024 * 1024), b"b" * 1024]
sums = [b64(zlib.crc32(chunk).to_bytes(4, "big")) for chunk in chunks]
upload = s3.create_multipart_upload(Bucket=bucket, Key="parts.bin", ChecksumAlgorithm="CRC32")["UploadId"]
etags = []
for number, chunk in enumerate(chunks, 1):
    part = s3.upload_part(Bucket=bucket, Key="parts.bin", UploadId=upload, PartNumber=number, Body=chunk,
                          ChecksumAlgorithm="CRC32")
    assert part["ChecksumCRC32"] == sums[number - 1], part
    etags.append(part["ETag"])
fails(lambda: s3.upload_part(Bucket=bucket, Key="parts.bin", UploadId=upload, PartNumber=3, Body=b"x",
                             ChecksumCRC32=sums[0]), "BadDigest", 400)
listed = s3.list_parts(Bucket=bucket, Key="parts.bin", UploadId=upload)["Parts"]
assert [p.get("ChecksumCRC32") for p in listed] == sums, listed
wrong = [{"PartNumber": n, "ETag": etags[n - 1], "ChecksumCRC32": sums[1]} for n in (1, 2)]
fails(lambda: s3.complete_multipart_upload(Bucket=bucket, Key="parts.bin", UploadId=upload,
                                           MultipartUpload={"Parts": wrong}), "InvalidPart", 400)
composite = b64(zlib.crc32(b"".join(base64.b64decode(s) for s in sums)).to_bytes(4, "big")) + "-2"
done = s3.complete_multipart_upload(
    Bucket=bucket, Key="parts.bin", UploadId=upload,
    MultipartUpload={"Parts": [{"PartNumber": n, "ETag": etags[n - 1], "ChecksumCRC32": sums[n - 1]} for n in (1, 2)]})
assert done["ChecksumCRC32"] == composite, done
head = s3.head_object(Bucket=bucket, Key="parts.bin", ChecksumMode="ENABLED")
assert head["ChecksumCRC32"] == composite, head
assert head["ResponseMetadata"]["HTTPHeaders"]["x-amz-checksum-type"] == "COMPOSITE", head
got = s3.get_object(Bucket=bucket, Key="parts.bin", ChecksumMode="ENABLED")
assert got["ChecksumCRC32"] == composite and got["Body"].read() == b"".join(chunks), got
attributes = s3.get_object_attributes(Bucket=bucket, Key="parts.bin", ObjectAttributes=["Checksum", "ObjectParts"])
assert attributes["Checksum"]["ChecksumCRC32"] == composite, attributes
assert attributes["Checksum"]["ChecksumType"] == "COMPOSITE", attributes
assert attributes["ObjectParts"]["TotalPartsCount"] == 2, attributes

# --- Browser POST uploads (SigV4 policy; SigV2 policy below), each policy violation with S3's code.
conditions = [{"acl": "private"}, ["starts-with", "$Content-Type", "text/"], {"x-amz-meta-origin": "form"},
              {"success_action_status": "201"}, ["content-length-range", 1, 1024]]
fields = {"acl": "private", "Content-Type": "text/plain", "x-amz-meta-origin": "form",
          "success_action_status": "201"}


def post(form, data=b"form data", name="hello.txt"):
    return requests.post(form["url"], data=form["fields"], files={"file": (name, data)}, allow_redirects=False)


form = v4.generate_presigned_post(bucket, "uploads/${filename}", Fields=fields, Conditions=conditions,
                                  ExpiresIn=300)
assert "x-amz-signature" in form["fields"] and "x-amz-credential" in form["fields"], form["fields"]
answer = post(form)
assert answer.status_code == 201, answer.text
assert "<Key>uploads/hello.txt</Key>" in answer.text and "<Bucket>" + bucket + "</Bucket>" in answer.text, answer.text
stored = s3.get_object(Bucket=bucket, Key="uploads/hello.txt")
assert stored["Body"].read() == b"form data" and stored["ContentType"] == "text/plain", stored
assert stored["Metadata"] == {"origin": "form"}, stored["Metadata"]
assert stored["ETag"] == answer.headers["ETag"] == '"%s"' % hashlib.md5(b"form data").hexdigest(), answer.headers
http_error(post(form, data=b"x" * 1025), "EntityTooLarge", 400)
http_error(post(form, data=b""), "EntityTooSmall", 400)
tampered = {"url": form["url"], "fields": dict(form["fields"], **{"Content-Type": "image/png"})}
http_error(post(tampered), "AccessDenied", 403, "Invalid according to Policy: Policy Condition failed")
extra = {"url": form["url"], "fields": dict(form["fields"], **{"x-amz-meta-extra": "1"})}
http_error(post(extra), "AccessDenied", 403, "Extra input fields: x-amz-meta-extra")
forged = {"url": form["url"], "fields": dict(form["fields"], **{"x-amz-signature": "0" * 64})}
http_error(post(forged), "SignatureDoesNotMatch", 403)
late = v4.generate_presigned_post(bucket, "late", Fields=fields, Conditions=conditions, ExpiresIn=-60)
http_error(post(late), "AccessDenied", 403, "Policy expired")
no_key = {"url": form["url"], "fields": {k: v for k, v in form["fields"].items() if k != "key"}}
http_error(post(no_key), "InvalidArgument", 400, "must contain a field named 'key'")
no_file = requests.post(form["url"], files={k: (None, v) for k, v in form["fields"].items()})
http_error(no_file, "IncorrectNumberOfFilesInPostRequest", 400)
bad_policy = {"url": form["url"], "fields": dict(form["fields"], policy=b64(b"{not json"))}
http_error(post(bad_policy), "InvalidPolicyDocument", 400)
http_error(requests.post(form["url"], files={"key": (None, "anon"), "file": ("f", b"x")}), "AccessDenied", 403)
redirect = v4.generate_presigned_post(bucket, "redirected", Fields={"success_action_redirect": "http://example.com/done"},
                                      Conditions=[{"success_action_redirect": "http://example.com/done"}])
answer = post(redirect)
assert answer.status_code == 303, answer.text
assert answer.headers["Location"].startswith("http://example.com/done?bucket=" + bucket + "&key=redirected&etag="), \
    answer.headers
v2_form = v2.generate_presigned_post(bucket, "v2-form.txt", Fields={"Content-Type": "text/plain"},
                                     Conditions=[{"Content-Type": "text/plain"}])
assert "AWSAccessKeyId" in v2_form["fields"] and "signature" in v2_form["fields"], v2_form["fields"]
answer = post(v2_form, data=b"v2 form")
assert answer.status_code == 204, answer.text
assert s3.get_object(Bucket=bucket, Key="v2-form.txt")["Body"].read() == b"v2 form"
big = v4.generate_presigned_post(bucket, "big.bin")
payload = bytes(range(256)) * (24 * 1024)
assert post(big, data=payload).status_code == 204
assert s3.get_object(Bucket=bucket, Key="big.bin")["Body"].read() == payload

# --- Error codes and statuses as the S3 API reference gives them.
fails(lambda: s3.get_object(Bucket=bucket, Key="missing"), "NoSuchKey", 404)
fails(lambda: s3.list_objects_v2(Bucket="no-such-bucket-here"), "NoSuchBucket", 404)
fails(lambda: s3.create_bucket(Bucket=bucket), "BucketAlreadyOwnedByYou", 409)
fails(lambda: s3.create_bucket(Bucket="Bad_Name"), "InvalidBucketName", 400)
fails(lambda: s3.delete_bucket(Bucket=bucket), "BucketNotEmpty", 409)
fails(lambda: s3.put_object(Bucket=bucket, Key="k" * 1025, Body=b""), "KeyTooLongError", 400)
fails(lambda: s3.put_object(Bucket=bucket, Key="md5", Body=b"x", ContentMD5="bm90LW1kNQ=="), "InvalidDigest", 400)
fails(lambda: s3.put_object(Bucket=bucket, Key="md5", Body=b"x", ContentMD5=b64(hashlib.md5(b"y").digest())),
      "BadDigest", 400)
fails(lambda: s3.get_object(Bucket=bucket, Key="sum.txt", Range="bytes=100-200"), "InvalidRange", 416)
fails(lambda: s3.get_object(Bucket=bucket, Key="sum.txt", IfMatch='"nope"'), "PreconditionFailed", 412)
fails(lambda: s3.copy_object(Bucket=bucket, Key="sum.txt", CopySource={"Bucket": bucket, "Key": "sum.txt"}),
      "InvalidRequest", 400)
fails(lambda: s3.upload_part(Bucket=bucket, Key="k", UploadId="none", PartNumber=1, Body=b"x"), "NoSuchUpload", 404)
huge = urllib.parse.urlsplit(v2.generate_presigned_url("put_object", Params={"Bucket": bucket, "Key": "huge"}))
connection = http.client.HTTPConnection(huge.hostname, huge.port, timeout=60)
connection.putrequest("PUT", huge.path + "?" + huge.query)
connection.putheader("Content-Length", str(5 * 1024 ** 3 + 1))
connection.endheaders()
answer = connection.getresponse()
assert answer.status == 400 and b"<Code>EntityTooLarge</Code>" in answer.read(), answer.status
connection.close()
fails(lambda: anonymous.list_objects_v2(Bucket=bucket), "AccessDenied", 403)
fails(lambda: anonymous.get_object(Bucket=bucket, Key="missing"), "AccessDenied", 403)
print("s3 surface OK")
