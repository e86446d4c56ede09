package dev.o3.hadoopfs;

import dev.o3.client.om.OmException;
import java.io.FileNotFoundException;
import java.io.IOException;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.apache.hadoop.fs.PathPermissionException;
import org.apache.hadoop.hdfs.protocol.DSQuotaExceededException;

/** Maps OM failures to the exceptions Hadoop users expect, naming the path. */
final class Errors {
    private Errors() {}

    static IOException translate(OmException failure, Object path) {
        String message = path + ": " + failure.getMessage();
        IOException translated =
                switch (failure.status()) {
                    case VOLUME_NOT_FOUND,
                            BUCKET_NOT_FOUND,
                            KEY_NOT_FOUND,
                            DIRECTORY_NOT_FOUND -> new FileNotFoundException(message);
                    case VOLUME_ALREADY_EXISTS,
                            BUCKET_ALREADY_EXISTS,
                            KEY_ALREADY_EXISTS,
                            NOT_A_FILE -> new FileAlreadyExistsException(message);
                    case FILE_ALREADY_EXISTS -> new ParentNotDirectoryException(message);
                    case DIRECTORY_NOT_EMPTY,
                            VOLUME_NOT_EMPTY,
                            BUCKET_NOT_EMPTY -> new PathIsNotEmptyDirectoryException(message);
                    case PERMISSION_DENIED -> new PathPermissionException(path.toString(), message);
                    case QUOTA_EXCEEDED -> new DSQuotaExceededException(message);
                    default -> new IOException(message + " (" + failure.status() + ")");
                };
        translated.initCause(failure);
        return translated;
    }
}
