package dev.o3.om.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.proto.hdds.KeyValue;
import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.LifecycleFilter;
import dev.o3.proto.om.LifecycleRule;
import dev.o3.proto.om.MultipartUploadInfo;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which keys and uploads lifecycle rules expire, and when. */
class TestLifecycleRules {
    private static final Duration DAY = Duration.ofDays(1);
    private static final long WRITTEN = 1_700_000_000_000L;

    @Test
    void expirationDaysCountFromTheLastWrite() {
        List<LifecycleRule> rules = List.of(rule().setExpirationDays(2).build());
        KeyInfo key = key("a", 10);

        assertThat(LifecycleRules.expires(rules, key, WRITTEN + DAY.toMillis(), DAY))
                .isFalse();
        assertThat(LifecycleRules.expires(rules, key, WRITTEN + 2 * DAY.toMillis(), DAY))
                .isTrue();
        assertThat(LifecycleRules.expires(rules, key, WRITTEN + 2000, Duration.ofSeconds(1)))
                .as("a shorter day for tests")
                .isTrue();
        assertThat(LifecycleRules.expiresKeys(rules)).isTrue();
        assertThat(LifecycleRules.abortsUploads(rules)).isFalse();
    }

    @Test
    void noncurrentVersionsExpireNoncurrentDaysAfterTheirSuccessorBeyondTheNewestKept() {
        List<LifecycleRule> rules = List.of(rule().setNoncurrentExpirationDays(2)
                .setNewerNoncurrentVersions(1)
                .setFilter(LifecycleFilter.newBuilder().setPrefix("logs/"))
                .build());
        KeyInfo version = key("logs/a", 10);
        long due = WRITTEN + 2 * DAY.toMillis();

        assertThat(LifecycleRules.expiresNoncurrent(rules, version, 1, WRITTEN, due, DAY))
                .isTrue();
        assertThat(LifecycleRules.expiresNoncurrent(rules, version, 1, WRITTEN, due - 1, DAY))
                .isFalse();
        assertThat(LifecycleRules.expiresNoncurrent(rules, version, 0, WRITTEN, due, DAY))
                .as("the newest noncurrent version is kept")
                .isFalse();
        assertThat(LifecycleRules.expiresNoncurrent(
                        rules, version.toBuilder().setName("data/a").build(), 1, WRITTEN, due, DAY))
                .isFalse();
        assertThat(LifecycleRules.expiresVersions(rules)).isTrue();
        assertThat(LifecycleRules.expiresKeys(rules)).isFalse();
        assertThat(LifecycleRules.expiresLoneDeleteMarker(rules, "logs/a")).isFalse();
    }

    @Test
    void expiredObjectDeleteMarkerRulesRemoveLoneMarkersUnderTheirPrefix() {
        List<LifecycleRule> rules = List.of(rule().setExpiredObjectDeleteMarker(true)
                .setFilter(LifecycleFilter.newBuilder().setPrefix("logs/"))
                .build());

        assertThat(LifecycleRules.expiresLoneDeleteMarker(rules, "logs/a")).isTrue();
        assertThat(LifecycleRules.expiresLoneDeleteMarker(rules, "data/a")).isFalse();
        assertThat(LifecycleRules.expiresVersions(rules)).isTrue();
        assertThat(LifecycleRules.expiresLoneDeleteMarker(
                        List.of(rule().setExpiredObjectDeleteMarker(true)
                                .setEnabled(false)
                                .build()),
                        "logs/a"))
                .isFalse();
    }

    @Test
    void anExpirationDateExpiresEveryMatchingKeyFromThatDayOn() {
        long date = 1_800_000_000_000L / 86_400_000L * 86_400_000L;
        List<LifecycleRule> rules = List.of(rule().setExpirationDateMillis(date).build());

        assertThat(LifecycleRules.expires(rules, key("a", 1), date - 1, DAY)).isFalse();
        assertThat(LifecycleRules.expires(rules, key("a", 1), date, DAY)).isTrue();
    }

    @Test
    void filtersNeedThePrefixEveryTagAndTheSizeBounds() {
        KeyValue project = KeyValue.newBuilder().setKey("project").setValue("x").build();
        List<LifecycleRule> rules = List.of(rule().setExpirationDays(1)
                .setFilter(LifecycleFilter.newBuilder()
                        .setPrefix("logs/")
                        .addTags(project)
                        .setSizeGreaterThan(10)
                        .setSizeLessThan(100))
                .build());
        long due = WRITTEN + DAY.toMillis();
        KeyInfo matching = key("logs/a", 50).toBuilder().addTags(project).build();

        assertThat(LifecycleRules.expires(rules, matching, due, DAY)).isTrue();
        assertThat(LifecycleRules.expires(
                        rules, matching.toBuilder().setName("data/a").build(), due, DAY))
                .isFalse();
        assertThat(LifecycleRules.expires(
                        rules, matching.toBuilder().clearTags().build(), due, DAY))
                .isFalse();
        assertThat(LifecycleRules.expires(
                        rules, matching.toBuilder().setSize(10).build(), due, DAY))
                .isFalse();
        assertThat(LifecycleRules.expires(
                        rules, matching.toBuilder().setSize(100).build(), due, DAY))
                .isFalse();
    }

    @Test
    void disabledRulesAndRulesWithoutExpirationDoNothing() {
        List<LifecycleRule> rules = List.of(
                rule().setExpirationDays(1).setEnabled(false).build(),
                rule().setNoncurrentExpirationDays(1).build());

        assertThat(LifecycleRules.expires(rules, key("a", 1), WRITTEN + 10 * DAY.toMillis(), DAY))
                .isFalse();
        assertThat(LifecycleRules.expiresKeys(rules)).isFalse();
    }

    @Test
    void incompleteUploadsAreAbortedDaysAfterTheyBegan() {
        List<LifecycleRule> rules = List.of(rule().setAbortIncompleteUploadDays(3)
                .setFilter(LifecycleFilter.newBuilder().setPrefix("tmp/"))
                .build());
        MultipartUploadInfo upload = MultipartUploadInfo.newBuilder()
                .setName("tmp/big")
                .setUploadId("u")
                .setCreationTimeMillis(WRITTEN)
                .build();

        assertThat(LifecycleRules.aborts(rules, upload, WRITTEN + 3 * DAY.toMillis() - 1, DAY))
                .isFalse();
        assertThat(LifecycleRules.aborts(rules, upload, WRITTEN + 3 * DAY.toMillis(), DAY))
                .isTrue();
        assertThat(LifecycleRules.aborts(
                        rules, upload.toBuilder().setName("keep/big").build(), WRITTEN + 9 * DAY.toMillis(), DAY))
                .isFalse();
        assertThat(LifecycleRules.abortsUploads(rules)).isTrue();
    }

    private static LifecycleRule.Builder rule() {
        return LifecycleRule.newBuilder().setId("r").setEnabled(true);
    }

    private static KeyInfo key(String name, long size) {
        return KeyInfo.newBuilder()
                .setName(name)
                .setSize(size)
                .setModificationTimeMillis(WRITTEN)
                .build();
    }
}
