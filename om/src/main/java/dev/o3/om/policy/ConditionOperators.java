package dev.o3.om.policy;

import dev.o3.common.acl.Wildcards;
import dev.o3.proto.om.PolicyCondition;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;

/**
 * The condition operators of bucket policies, as IAM defines them: a condition holds when the request's value of its
 * key matches any of its values. A negated operator ({@code StringNotEquals}, {@code NotIpAddress}, ...) holds when
 * none matches, and also when the request has no value; a positive one fails without a value unless it ends in
 * {@code IfExists}. {@code Null} tests whether the key is absent. Stateless.
 */
public final class ConditionOperators {
    private static final String IF_EXISTS = "IfExists";
    private static final Set<String> OPERATORS = Set.of(
            "StringEquals",
            "StringNotEquals",
            "StringEqualsIgnoreCase",
            "StringNotEqualsIgnoreCase",
            "StringLike",
            "StringNotLike",
            "NumericEquals",
            "NumericNotEquals",
            "NumericLessThan",
            "NumericLessThanEquals",
            "NumericGreaterThan",
            "NumericGreaterThanEquals",
            "IpAddress",
            "NotIpAddress",
            "Bool",
            "Null");

    private ConditionOperators() {}

    /** Whether O3 knows the operator (with or without {@code IfExists}; not {@code NullIfExists}). */
    public static boolean known(String operator) {
        String base = base(operator);
        return OPERATORS.contains(base) && !(base.equals("Null") && !base.equals(operator));
    }

    /** Whether {@code condition} holds for {@code access}; an unknown operator never holds. */
    public static boolean holds(PolicyCondition condition, Access access) {
        String operator = condition.getOperator();
        String base = base(operator);
        Optional<String> actual = access.value(condition.getKey());
        if (base.equals("Null")) {
            return condition.getValuesList().stream()
                    .anyMatch(value -> Boolean.parseBoolean(value) == actual.isEmpty());
        }
        boolean negated = base.contains("Not");
        if (actual.isEmpty()) {
            return negated || !base.equals(operator);
        }
        BiPredicate<String, String> match = matcher(negated ? base.replace("Not", "") : base);
        boolean any = condition.getValuesList().stream().anyMatch(value -> match.test(value, actual.get()));
        return negated != any;
    }

    private static String base(String operator) {
        return operator.endsWith(IF_EXISTS) ? operator.substring(0, operator.length() - IF_EXISTS.length()) : operator;
    }

    private static BiPredicate<String, String> matcher(String positive) {
        return switch (positive) {
            case "StringEquals" -> String::equals;
            case "StringEqualsIgnoreCase" -> String::equalsIgnoreCase;
            case "StringLike" -> Wildcards::matches;
            case "IpAddress" -> (cidr, ip) ->
                    Cidr.parse(cidr).map(block -> block.contains(ip)).orElse(false);
            case "Bool" -> (expected, value) ->
                    expected.toLowerCase(Locale.ROOT).equals(value.toLowerCase(Locale.ROOT));
            case "NumericEquals" -> numeric(0, 0);
            case "NumericLessThan" -> numeric(-1, -1);
            case "NumericLessThanEquals" -> numeric(-1, 0);
            case "NumericGreaterThan" -> numeric(1, 1);
            case "NumericGreaterThanEquals" -> numeric(0, 1);
            default -> (expected, value) -> false;
        };
    }

    /** Holds when compare(actual, expected) lies in [low, high]. */
    private static BiPredicate<String, String> numeric(int low, int high) {
        return (expected, value) -> {
            try {
                int sign = Integer.signum(new BigDecimal(value).compareTo(new BigDecimal(expected)));
                return sign >= low && sign <= high;
            } catch (NumberFormatException e) {
                return false;
            }
        };
    }
}
