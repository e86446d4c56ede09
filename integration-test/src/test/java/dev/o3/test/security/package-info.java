/** Secure mode end to end: authenticated native calls, authorization of users and administrators. */
package dev.o3.test.security;
