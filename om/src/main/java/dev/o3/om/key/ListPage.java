package dev.o3.om.key;

import dev.o3.proto.om.KeyInfo;
import dev.o3.proto.om.ListKeysResponse;

/**
 * Collects one page of a listing: keys and common prefixes in key order, stopping one entry after the page is full
 * so it knows whether the listing is truncated. Not thread-safe.
 */
public final class ListPage {
    private final int max;
    private final ListKeysResponse.Builder response = ListKeysResponse.newBuilder();
    private int count;
    private String lastCommonPrefix;

    public ListPage(int requested) {
        this.max = requested <= 0 ? 1000 : Math.min(requested, 1000);
    }

    /** Page size after defaults and limits. */
    public int max() {
        return max;
    }

    /** Whether the page is complete (the entry just offered did not fit). */
    public boolean isFull() {
        return response.getTruncated();
    }

    /** Adds a key; returns false once the page is full. */
    public boolean addKey(KeyInfo key) {
        if (!makeRoom()) {
            return false;
        }
        response.addKeys(key);
        response.setNextStartAfter(key.getName());
        return true;
    }

    /** Adds a common prefix once (repeats are ignored); returns false once the page is full. */
    public boolean addCommonPrefix(String prefix) {
        if (prefix.equals(lastCommonPrefix)) {
            return true;
        }
        if (!makeRoom()) {
            return false;
        }
        lastCommonPrefix = prefix;
        response.addCommonPrefixes(prefix);
        response.setNextStartAfter(prefix);
        return true;
    }

    public ListKeysResponse build() {
        if (!response.getTruncated()) {
            response.clearNextStartAfter();
        }
        return response.build();
    }

    private boolean makeRoom() {
        if (count == max) {
            response.setTruncated(true);
            return false;
        }
        count++;
        return true;
    }
}
