package dev.o3.om.token;

import com.google.protobuf.ByteString;
import dev.o3.common.security.DelegationTokens;
import dev.o3.om.db.OmSchema;
import dev.o3.om.db.ReadView;
import dev.o3.om.request.OmException;
import dev.o3.proto.om.DelegationKeyRecord;
import dev.o3.proto.om.DelegationTokenIdentifier;
import dev.o3.proto.om.DelegationTokenRecord;
import dev.o3.proto.om.OmStatus;
import java.security.MessageDigest;
import java.time.Instant;

/**
 * Whether a delegation token is one OM issued and still honours: its key is known, its row exists (neither cancelled
 * nor purged), the row holds exactly this identifier (a changed owner, renewer or date is a forgery), and it has not
 * expired. Refusals are UNAUTHENTICATED with the reason.
 */
public final class TokenCheck {
    private TokenCheck() {}

    /**
     * A token that passed the check.
     *
     * @param identifier what it says
     * @param record its row
     * @param password the password OM computes for it, which its holder must prove to know
     */
    public record Valid(DelegationTokenIdentifier identifier, DelegationTokenRecord record, ByteString password) {
        /** How messages name it. */
        public String name() {
            return DelegationTokens.describe(identifier);
        }
    }

    /**
     * Checks the token whose identifier is {@code identifierBytes} at time {@code now}.
     *
     * @throws OmException UNAUTHENTICATED saying why it is not valid
     */
    public static Valid check(ReadView rows, byte[] identifierBytes, long now) throws OmException {
        DelegationTokenIdentifier identifier;
        try {
            identifier = DelegationTokens.parse(identifierBytes);
        } catch (IllegalArgumentException e) {
            throw refused("the delegation token is damaged: " + e.getMessage());
        }
        String name = DelegationTokens.describe(identifier);
        DelegationKeyRecord key = rows.get(OmSchema.DELEGATION_KEYS, TokenRows.key(identifier.getKeyId()))
                .orElseThrow(() -> refused(name + " names delegation key " + identifier.getKeyId()
                        + ", which OM does not know or which expired"));
        DelegationTokenRecord record = rows.get(
                        OmSchema.DELEGATION_TOKENS, TokenRows.token(identifier.getSequenceNumber()))
                .orElseThrow(() -> refused(name + " was cancelled or has expired"));
        if (!record.getIdentifier().equals(ByteString.copyFrom(identifierBytes))) {
            throw refused(name + " is not the token OM issued with that number (forged or altered)");
        }
        if (now > record.getExpiryMillis()) {
            throw refused(name + " expired at " + Instant.ofEpochMilli(record.getExpiryMillis())
                    + (record.getExpiryMillis() < identifier.getMaxMillis()
                            ? " (not renewed in time)"
                            : " (its max lifetime)"));
        }
        return new Valid(
                identifier,
                record,
                ByteString.copyFrom(DelegationTokens.password(key.getKey().toByteArray(), identifierBytes)));
    }

    /**
     * Checks a token its holder presents whole (renew, cancel): the check above and its password.
     *
     * @throws OmException UNAUTHENTICATED saying why it is not valid
     */
    public static Valid checkPresented(ReadView rows, ByteString identifier, ByteString password, long now)
            throws OmException {
        Valid valid = check(rows, identifier.toByteArray(), now);
        if (!MessageDigest.isEqual(valid.password().toByteArray(), password.toByteArray())) {
            throw refused(valid.name() + " has a wrong password (forged)");
        }
        return valid;
    }

    private static OmException refused(String message) {
        return new OmException(OmStatus.UNAUTHENTICATED, message);
    }
}
