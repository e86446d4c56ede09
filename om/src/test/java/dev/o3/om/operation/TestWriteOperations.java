package dev.o3.om.operation;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import dev.o3.proto.om.OmError;
import dev.o3.proto.om.OmStatus;
import dev.o3.proto.om.OmTransaction.RequestCase;
import dev.o3.proto.om.OzoneManagerServiceGrpc;
import io.grpc.MethodDescriptor;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The registry of write operations against om.proto: every request kind has exactly one entry. */
class TestWriteOperations {
    /** Request kinds of {@code OmTransaction} that are not operations: none set, and the group-commit envelope. */
    private static final Set<RequestCase> NOT_OPERATIONS = EnumSet.of(RequestCase.REQUEST_NOT_SET, RequestCase.BATCH);

    @Test
    void everyRequestKindOfTheLogHasExactlyOneEntry() {
        Map<RequestCase, Long> entries = WriteOperations.all().stream()
                .collect(Collectors.groupingBy(WriteOperation::requestCase, Collectors.counting()));
        Set<RequestCase> kinds = EnumSet.allOf(RequestCase.class);
        kinds.removeAll(NOT_OPERATIONS);

        assertThat(entries.keySet()).as("request kinds with an entry").containsExactlyInAnyOrderElementsOf(kinds);
        assertThat(entries)
                .as("entries per request kind")
                .allSatisfy((kind, count) -> assertThat(count).as("%s", kind).isEqualTo(1));
    }

    @Test
    void everyClientMethodIsAMethodOfTheServiceBoundOnce() {
        List<MethodDescriptor<?, ?>> methods = WriteOperations.all().stream()
                .flatMap(operation -> operation.client().stream())
                .<MethodDescriptor<?, ?>>map(WriteOperation.Client::method)
                .toList();
        Set<String> serviceMethods = OzoneManagerServiceGrpc.getServiceDescriptor().getMethods().stream()
                .map(MethodDescriptor::getFullMethodName)
                .collect(Collectors.toSet());

        assertThat(methods).extracting(MethodDescriptor::getFullMethodName).doesNotHaveDuplicates();
        assertThat(serviceMethods)
                .containsAll(methods.stream()
                        .map(MethodDescriptor::getFullMethodName)
                        .toList());
    }

    @Test
    void everyClientResponseCarriesTheRefusal() {
        OmError error = OmError.newBuilder()
                .setStatus(OmStatus.KEY_NOT_FOUND)
                .setMessage("no key")
                .build();
        WriteOperations.all().stream()
                .filter(operation -> operation.client().isPresent())
                .forEach(operation -> {
                    Message response = operation.errorResponse().apply(error);
                    FieldDescriptor field = response.getDescriptorForType().findFieldByName("error");

                    assertThat(response).as("%s", operation).isInstanceOf(operation.responseType());
                    assertThat(response.getField(field)).as("%s", operation).isEqualTo(error);
                });
    }
}
