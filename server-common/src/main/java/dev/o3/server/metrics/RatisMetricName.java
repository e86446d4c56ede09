package dev.o3.server.metrics;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Ratis metric's name in O3's scheme: snake_case, and a peer id that Ratis writes into some names (e.g.
 * {@code follower_<peer>_next_index}) taken out into a {@code peer} label, so that each such metric is one family.
 *
 * @param name the snake_case name, without O3's prefix and the registry's group
 * @param peer the peer the metric is about, if Ratis named one
 */
record RatisMetricName(String name, Optional<String> peer) {
    private static final String ANY_GROUP = "";
    /**
     * Ratis 3.3's names that carry a peer id, by registry (application and component): group 1 of the pattern is the
     * peer. The gRPC message counters start with the id of the server that counts them.
     */
    private static final List<PeerTemplate> PEER_TEMPLATES = List.of(
            new PeerTemplate(ANY_GROUP, "follower_(.+)_(next_index|match_index|rpc_response_time)", "follower_$2"),
            new PeerTemplate(ANY_GROUP, "(.+)_lastHeartbeatElapsedTime", "follower_last_heartbeat_elapsed_time"),
            new PeerTemplate(ANY_GROUP, "(.+)_peerCommitIndex", "peer_commit_index"),
            new PeerTemplate(
                    "ratis_grpc_log_appender",
                    "(.+)_(latency|success_reply_count|not_leader_reply_count|inconsistency_reply_count"
                            + "|append_entry_timeout_count|pending_log_requests_count)",
                    "follower_$2"),
            new PeerTemplate("ratis_server_message_metrics", "([^_]+)_(.+)", "$2"),
            new PeerTemplate("ratis_client_message_metrics", "([^_]+)_(.+)", "$2"));

    private static final Pattern LOWER_UPPER = Pattern.compile("([a-z0-9])([A-Z])");
    private static final Pattern UPPER_WORD = Pattern.compile("([A-Z]+)([A-Z][a-z])");
    private static final Pattern NOT_ALLOWED = Pattern.compile("[^a-z0-9]+");

    RatisMetricName {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("name is empty");
        }
    }

    /**
     * Maps one Ratis metric name.
     *
     * @param group the registry's application and component in snake_case, e.g. {@code ratis_log_worker}
     */
    static RatisMetricName of(String group, String ratisName) {
        for (PeerTemplate template : PEER_TEMPLATES) {
            if (!template.group().equals(ANY_GROUP) && !template.group().equals(group)) {
                continue;
            }
            Matcher matcher = template.pattern().matcher(ratisName);
            if (matcher.matches()) {
                String family = snakeCase(matcher.replaceFirst(template.family()));
                return new RatisMetricName(family, Optional.of(matcher.group(1)));
            }
        }
        return new RatisMetricName(snakeCase(ratisName), Optional.empty());
    }

    /** {@code appendEntryLatency} to {@code append_entry_latency}; other characters than letters and digits to "_". */
    static String snakeCase(String text) {
        String words = LOWER_UPPER
                .matcher(UPPER_WORD.matcher(text).replaceAll("$1_$2"))
                .replaceAll("$1_$2");
        String snake = NOT_ALLOWED.matcher(words.toLowerCase(Locale.ROOT)).replaceAll("_");
        int start = snake.startsWith("_") ? 1 : 0;
        int end = snake.endsWith("_") ? snake.length() - 1 : snake.length();
        return start < end ? snake.substring(start, end) : "unnamed";
    }

    private record PeerTemplate(String group, Pattern pattern, String family) {
        PeerTemplate(String group, String regex, String family) {
            this(group, Pattern.compile(regex), family);
        }
    }
}
