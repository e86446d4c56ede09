package dev.o3.om.token;

import dev.o3.common.security.DelegationTokens;
import dev.o3.om.db.OmStore;
import dev.o3.om.request.OmException;
import dev.o3.om.security.AuthenticationException;
import dev.o3.om.security.TokenSigners;
import java.util.function.Supplier;

/**
 * The signers of delegation tokens as this OM's applied state knows them ({@link TokenCheck}): every OM holds the
 * same keys and token rows, so any OM, leader or not, a new leader included, verifies any token.
 */
public final class StoreTokenSigners implements TokenSigners {
    private final Supplier<OmStore> store;

    public StoreTokenSigners(Supplier<OmStore> store) {
        this.store = store;
    }

    @Override
    public Signer signerOf(String accessKeyId, long now) throws AuthenticationException {
        byte[] identifier;
        try {
            identifier = DelegationTokens.identifierBytes(accessKeyId);
        } catch (IllegalArgumentException e) {
            throw new AuthenticationException("the delegation token is damaged: " + e.getMessage());
        }
        try {
            TokenCheck.Valid valid = TokenCheck.check(store.get(), identifier, now);
            return new Signer(
                    valid.identifier().getOwner(),
                    DelegationTokens.secretOf(valid.password().toByteArray()),
                    valid.name());
        } catch (OmException e) {
            throw new AuthenticationException(e.getMessage());
        }
    }
}
