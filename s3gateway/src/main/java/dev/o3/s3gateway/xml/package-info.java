/**
 * S3 XML documents: response records written with Jackson's XML mapper ({@link dev.o3.s3gateway.xml.S3Xml}) and the
 * request documents (multipart completion, batch delete, tagging, access control policies) read with the JDK's DOM
 * parser ({@link dev.o3.s3gateway.xml.XmlRequests}).
 */
package dev.o3.s3gateway.xml;
