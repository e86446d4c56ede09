package dev.o3.om.policy;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An IPv4 or IPv6 address block ({@code 192.0.2.0/24}, {@code 2001:db8::/32}, or one address) of the IpAddress
 * condition operators. Immutable.
 */
public final class Cidr {
    private static final Pattern LITERAL = Pattern.compile("[0-9a-fA-F:.]+");

    private final BigInteger network;
    private final int bits;
    private final int length;

    private Cidr(BigInteger network, int bits, int length) {
        this.network = network;
        this.bits = bits;
        this.length = length;
    }

    /** The block {@code text} names, if it is one; never resolves host names. */
    public static Optional<Cidr> parse(String text) {
        int slash = text.indexOf('/');
        Optional<byte[]> address = address(slash < 0 ? text : text.substring(0, slash));
        if (address.isEmpty()) {
            return Optional.empty();
        }
        int length = address.get().length * 8;
        int bits;
        try {
            bits = slash < 0 ? length : Integer.parseInt(text.substring(slash + 1));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (bits < 0 || bits > length) {
            return Optional.empty();
        }
        return Optional.of(new Cidr(new BigInteger(1, address.get()).shiftRight(length - bits), bits, length));
    }

    /** Whether the address {@code ip} lies in this block. */
    public boolean contains(String ip) {
        Optional<byte[]> address = address(ip);
        return address.isPresent()
                && address.get().length * 8 == length
                && new BigInteger(1, address.get()).shiftRight(length - bits).equals(network);
    }

    private static Optional<byte[]> address(String literal) {
        if (!LITERAL.matcher(literal).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(literal).getAddress());
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }
}
