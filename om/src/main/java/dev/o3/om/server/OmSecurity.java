package dev.o3.om.server;

import dev.o3.common.config.CommonConfigKeys;
import dev.o3.common.config.OzoneConfiguration;
import dev.o3.common.security.BlockTokenConfig;
import dev.o3.common.security.BlockTokenKeys;
import dev.o3.om.scm.ScmBlockClient;
import dev.o3.om.security.AuthenticationConfig;
import dev.o3.om.security.SecretKeyRefresher;
import java.time.Duration;
import java.util.Optional;

/**
 * An OM's secure-mode settings, read once from its configuration.
 *
 * @param authentication whether and how calls are authenticated
 * @param tokenKeys the block-token keys (security on), static or kept in step with SCM's
 * @param scmKeys whether the keys come from SCM (else a static {@code hdds.block.token.secret})
 * @param secretKeyCheck how often SCM's keys are fetched
 */
record OmSecurity(
        AuthenticationConfig authentication,
        Optional<BlockTokenKeys> tokenKeys,
        boolean scmKeys,
        Duration secretKeyCheck) {

    static OmSecurity from(OzoneConfiguration conf) {
        return new OmSecurity(
                AuthenticationConfig.from(conf),
                BlockTokenConfig.keys(conf),
                BlockTokenConfig.scmManaged(conf),
                conf.get(CommonConfigKeys.SECRET_KEY_CHECK));
    }

    /** The task that keeps the block-token keys in step with SCM's; none without SCM-managed keys. */
    Optional<SecretKeyRefresher> keyRefresher(String logPrefix, ScmBlockClient scm) {
        return scmKeys
                ? Optional.of(new SecretKeyRefresher(logPrefix, scm, tokenKeys.orElseThrow(), secretKeyCheck))
                : Optional.empty();
    }
}
