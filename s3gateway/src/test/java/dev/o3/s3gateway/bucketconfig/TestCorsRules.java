package dev.o3.s3gateway.bucketconfig;

import static org.assertj.core.api.Assertions.assertThat;

import dev.o3.proto.om.CorsConfiguration;
import dev.o3.proto.om.CorsRule;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which CORS rule allows a request, and the headers that answer it. */
class TestCorsRules {
    private static final CorsRule SITE = CorsRule.newBuilder()
            .setId("site")
            .addAllowedOrigins("https://*.example.com")
            .addAllowedMethods("GET")
            .addAllowedMethods("PUT")
            .addAllowedHeaders("x-amz-*")
            .addAllowedHeaders("Content-Type")
            .addExposeHeaders("ETag")
            .setMaxAgeSeconds(300)
            .build();
    private static final CorsRule ANYONE_READS = CorsRule.newBuilder()
            .addAllowedOrigins("*")
            .addAllowedMethods("GET")
            .build();
    private static final CorsConfiguration CORS =
            CorsConfiguration.newBuilder().addRules(SITE).addRules(ANYONE_READS).build();

    @Test
    void theFirstRuleMatchingOriginMethodAndEveryRequestedHeaderWins() {
        assertThat(CorsRules.match(CORS, "https://app.example.com", "PUT", List.of("content-type", "X-Amz-Date")))
                .contains(SITE);
        assertThat(CorsRules.match(CORS, "https://evil.org", "GET", List.of())).contains(ANYONE_READS);
        assertThat(CorsRules.match(CORS, "https://evil.org", "PUT", List.of())).isEmpty();
        assertThat(CorsRules.match(CORS, "https://app.example.com", "PUT", List.of("authorization")))
                .isEmpty();
        assertThat(CorsRules.match(CORS, "https://app.example.com", "DELETE", List.of()))
                .isEmpty();
    }

    @Test
    void answersWithTheOriginTheMethodsAndForAPreflightTheHeadersAndMaxAge() {
        HttpHeaders preflight =
                CorsRules.responseHeaders(SITE, "https://app.example.com", List.of("content-type"), true);

        assertThat(preflight.get("Access-Control-Allow-Origin")).isEqualTo("https://app.example.com");
        assertThat(preflight.get("Access-Control-Allow-Methods")).isEqualTo("GET, PUT");
        assertThat(preflight.get("Access-Control-Allow-Headers")).isEqualTo("content-type");
        assertThat(preflight.get("Access-Control-Max-Age")).isEqualTo("300");
        assertThat(preflight.get("Access-Control-Expose-Headers")).isEqualTo("ETag");
        assertThat(preflight.get("Access-Control-Allow-Credentials")).isEqualTo("true");

        HttpHeaders actual = CorsRules.responseHeaders(ANYONE_READS, "https://evil.org", List.of(), false);
        assertThat(actual.get("Access-Control-Allow-Origin")).isEqualTo("*");
        assertThat(actual.contains("Access-Control-Max-Age")).isFalse();
        assertThat(actual.contains("Access-Control-Allow-Credentials")).isFalse();
        assertThat(CorsRules.requestHeaders(Optional.of(" a, b ,,"))).containsExactly("a", "b");
    }
}
